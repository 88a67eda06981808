import { Screen } from '../lib/Screen';
import { TraderList } from '../features/traders/TraderList';
import { useTraders } from '../features/traders/queries';

/** Uploaded traders as cards with delete. */
export default function AllTradersScreen() {
  return (
    <Screen title="All Traders">
      <TraderList traders={useTraders()} />
    </Screen>
  );
}
