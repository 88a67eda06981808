import { LoadMore, SearchBox } from '@halcyon/shared-ui';
import { RemoteView } from '../../lib/RemoteView';
import { TraderCards } from './TraderCards';
import { TRADERS_FAILED, type useTraders } from './queries';

/** Traders as cards: a search the server runs, and the next page on request. */
export function TraderList({ traders }: { traders: ReturnType<typeof useTraders> }) {
  const { table } = traders;
  return (
    <>
      <SearchBox label="Search traders" value={table.search} onSearch={table.onSearch} />
      <RemoteView query={traders} fallback={TRADERS_FAILED} loadingLabel="Loading traders">
        {(list) => <TraderCards traders={list} />}
      </RemoteView>
      <LoadMore hasMore={table.hasMore} onLoadMore={table.onLoadMore} loading={table.loadingMore} />
    </>
  );
}
