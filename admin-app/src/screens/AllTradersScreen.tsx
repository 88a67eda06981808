import { Screen } from '../lib/Screen';
import { RemoteView } from '../lib/RemoteView';
import { TraderCards } from '../features/traders/TraderCards';
import { TRADERS_FAILED, useTraders } from '../features/traders/queries';

/** Uploaded traders as cards with delete. */
export default function AllTradersScreen() {
  const traders = useTraders();
  return (
    <Screen title="All Traders">
      <RemoteView query={traders} fallback={TRADERS_FAILED} loadingLabel="Loading traders">
        {(list) => <TraderCards traders={list} />}
      </RemoteView>
    </Screen>
  );
}
