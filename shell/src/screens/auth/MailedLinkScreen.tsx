import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@halcyon/api-client/http';
import { Button } from '@halcyon/shared-ui';
import { AuthCard, Links } from '../../layout/AuthCard';

type State = { kind: 'ready' } | { kind: 'busy' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

export interface MailedLinkProps {
  title: string;
  lead: string;
  /** What the button does, said before it is pressed. */
  explanation: ReactNode;
  action: string;
  /** Sends the link's token; resolves with the server's message. */
  submit(token: string): Promise<string>;
  failure: string;
  links: ReactNode;
}

/**
 * A page a mailed single-use link opens (?token=…). It acts on a button, never on opening the
 * link, so a mail scanner that follows links does nothing.
 */
export function MailedLinkScreen({ title, lead, explanation, action, submit, failure, links }: MailedLinkProps) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'ready' });

  const run = async () => {
    setState({ kind: 'busy' });
    try {
      setState({ kind: 'done', message: await submit(token) });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error, failure) });
    }
  };

  return (
    <AuthCard title={title} lead={lead}>
      {state.kind === 'done' ? (
        <p role="status">{state.message}</p>
      ) : (
        <>
          <p>{explanation}</p>
          {!token && <p role="alert">This link is incomplete. Open the link from the email again.</p>}
          {state.kind === 'failed' && <p role="alert">{state.message}</p>}
          <Button onClick={() => void run()} loading={state.kind === 'busy'} disabled={!token || state.kind === 'busy'} fullWidth>
            {action}
          </Button>
        </>
      )}
      <Links>{links}</Links>
    </AuthCard>
  );
}
