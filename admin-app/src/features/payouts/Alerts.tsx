import styled from 'styled-components';
import { Muted, SectionTitle } from '@halcyon/shared-ui';
import { Part } from './Part';

/**
 * What needs an admin now, as the server words it (no signer alive, a hot wallet short of its
 * queue, stuck or failed payouts). A polite live region: an alert that appears on a later read is
 * announced, the ones already shown are not read again on every refresh.
 */
export function Alerts({ alerts }: { alerts: readonly string[] }) {
  return (
    <Part aria-labelledby="payout-alerts">
      <SectionTitle id="payout-alerts">Alerts</SectionTitle>
      <div aria-live="polite">
        {alerts.length ? (
          <List>
            {alerts.map((alert) => (
              <Alert key={alert}>
                <Mark aria-hidden="true">!</Mark>
                {alert}
              </Alert>
            ))}
          </List>
        ) : (
          <Muted>Nothing needs you now: the signers report and the hot wallets cover their queues.</Muted>
        )}
      </div>
    </Part>
  );
}

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Alert = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-left-width: 6px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Mark = styled.span`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 1.5rem;
  height: 1.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onStatus};
  font-weight: 700;
`;
