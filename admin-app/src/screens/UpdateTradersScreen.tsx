import { useState } from 'react';
import styled from 'styled-components';
import { Screen } from '../lib/Screen';
import { RemoteView } from '../lib/RemoteView';
import { TabBar, tabPanelProps } from '../lib/TabBar';
import { AddTraderForm } from '../features/traders/AddTraderForm';
import { TraderCards } from '../features/traders/TraderCards';
import { TRADERS_FAILED, useTraders } from '../features/traders/queries';

const Badge = styled.span`
  min-width: 1.5rem;
  padding: 0 6px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.secondaryText};
  font-size: ${({ theme }) => theme.font.size.small};
  line-height: 1.5rem;
`;

type TabKey = 'add' | 'list';

/** Trader management: 'Add New' form and 'View All' list with a count badge. */
export default function UpdateTradersScreen() {
  const [tab, setTab] = useState<TabKey>('add');
  const traders = useTraders();
  const count = traders.data?.length ?? 0;

  return (
    <Screen title="Update Traders">
      <TabBar<TabKey>
        label="Traders"
        idPrefix="traders"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: 'add', label: 'Add New' },
          {
            key: 'list',
            label: (
              <>
                View All <Badge aria-label={`${count} traders`}>{count}</Badge>
              </>
            ),
          },
        ]}
      />
      <div {...tabPanelProps('traders', tab)}>
        {tab === 'add' ? (
          <AddTraderForm onAdded={() => setTab('list')} />
        ) : (
          <RemoteView query={traders} fallback={TRADERS_FAILED} loadingLabel="Loading traders">
            {(list) => <TraderCards traders={list} />}
          </RemoteView>
        )}
      </div>
    </Screen>
  );
}
