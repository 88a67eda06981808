import { useState } from 'react';
import styled from 'styled-components';
import { Screen } from '../lib/Screen';
import { RemoteView } from '../lib/RemoteView';
import { TabBar, tabPanelProps } from '../lib/TabBar';
import { useRemote } from '../lib/useRemote';
import { AddTraderForm } from '../features/traders/AddTraderForm';
import { TraderCards } from '../features/traders/TraderCards';
import { TRADERS_FAILED, loadTraders } from '../features/traders/traders';

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
  const traders = useRemote(loadTraders, TRADERS_FAILED);
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
          <AddTraderForm
            onAdded={() => {
              setTab('list');
              void traders.reload();
            }}
          />
        ) : (
          <RemoteView remote={traders} loadingLabel="Loading traders">
            {(list) => <TraderCards traders={list} onChanged={traders.reload} />}
          </RemoteView>
        )}
      </div>
    </Screen>
  );
}
