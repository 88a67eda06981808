import { defineRoute, feature } from '../../http/define-route';
import { changePassword } from '../../services/password-change';

// Changing one's own password from a session, investors and admins alike (docs/security.md
// "Changing the password"). A lost password is reset by mail (features/auth).
export default feature(
  defineRoute('changePassword', async ({ auth, body, deps, request }) => {
    const ended = await changePassword(deps, { user: auth.user, sessionId: auth.sessionId, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }, body);
    const others = ended === 0 ? '' : ended === 1 ? ' Your other session was signed out.' : ` Your ${ended} other sessions were signed out.`;
    return { data: { endedSessions: ended }, message: `Your password has been changed.${others}` };
  }),
);
