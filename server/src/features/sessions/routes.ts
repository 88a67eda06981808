import { describeDevice, endOtherSessions, endSession, openSessions, recentSignIns } from '../../auth/sessions';
import { defineRoute, feature } from '../../http/define-route';
import { notFound } from '../../errors';
import { iso } from '../../ledger/rows';

// The caller's own sessions and sign-ins, investors and admins alike (docs/security.md "Sessions").
// Every query is scoped to auth.uid: nobody can see or end another person's session.
export default feature(
  defineRoute('listSessions', async ({ db, auth, config }) => ({
    data: (await openSessions(db, auth.uid, config.sessionIdleHours)).map((s) => ({
      id: s.id, device: describeDevice(s.user_agent), ip: s.ip, createdAt: iso(s.created_at), lastSeenAt: iso(s.last_seen_at), current: s.id === auth.sessionId,
    })),
  })),
  defineRoute('endSession', async ({ db, auth, params }) => {
    if (!(await endSession(db, auth.uid, params.id, 'owner'))) throw notFound('No open session of yours has that id', 'SESSION_NOT_FOUND');
    return { message: 'Session ended.' };
  }),
  defineRoute('endOtherSessions', async ({ db, auth }) => {
    const ended = await endOtherSessions(db, auth.uid, auth.sessionId);
    return { data: { ended }, message: ended === 1 ? '1 other session ended.' : `${ended} other sessions ended.` };
  }),
  defineRoute('listSignIns', async ({ db, auth }) => ({
    data: (await recentSignIns(db, auth.uid)).map((s) => ({ at: iso(s.at), device: describeDevice(s.user_agent), ip: s.ip, success: s.success })),
  })),
);
