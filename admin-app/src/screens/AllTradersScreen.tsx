import { Screen } from '../lib/Screen';
import { RemoteView } from '../lib/RemoteView';
import { useRemote } from '../lib/useRemote';
import { TraderCards } from '../features/traders/TraderCards';
import { TRADERS_FAILED, loadTraders } from '../features/traders/traders';

/** Uploaded traders as cards with delete. */
export default function AllTradersScreen() {
  const traders = useRemote(loadTraders, TRADERS_FAILED);
  return (
    <Screen title="All Traders">
      <RemoteView remote={traders} loadingLabel="Loading traders">
        {(list) => <TraderCards traders={list} onChanged={traders.reload} />}
      </RemoteView>
    </Screen>
  );
}
