import { useState } from 'react';
import styled from 'styled-components';
import { Tabs } from '@halcyon/shared-ui';
import { Screen } from '../lib/Screen';
import { AddTraderForm } from '../features/traders/AddTraderForm';
import { TraderList } from '../features/traders/TraderList';
import { useTraders } from '../features/traders/queries';

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
  // What is loaded; '+' while the server has more pages.
  const count = `${traders.data?.length ?? 0}${traders.hasNextPage ? '+' : ''}`;

  return (
    <Screen title="Update Traders">
      <Tabs<TabKey>
        label="Traders"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: 'add', label: 'Add New', content: <AddTraderForm onAdded={() => setTab('list')} /> },
          {
            id: 'list',
            label: (
              <>
                View All <Badge aria-label={`${count} traders`}>{count}</Badge>
              </>
            ),
            content: <TraderList traders={traders} />,
          },
        ]}
      />
    </Screen>
  );
}
