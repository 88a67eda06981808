import { LoadMore, SearchBox } from '@halcyon/shared-ui';
import { ReadState } from '@halcyon/app-kit';
import { TraderCards } from './TraderCards';
import { TRADERS_FAILED, type useTraders } from './queries';

/** Traders as cards: a search the server runs, and the next page on request. */
export function TraderList({ traders }: { traders: ReturnType<typeof useTraders> }) {
  const { table } = traders;
  return (
    <>
      <SearchBox label="Search traders" value={table.search} onSearch={table.onSearch} />
      <ReadState query={traders} fallback={TRADERS_FAILED} loading="Loading traders">
        {(list) => <TraderCards traders={list} />}
      </ReadState>
      <LoadMore hasMore={table.hasMore} onLoadMore={table.onLoadMore} loading={table.loadingMore} />
    </>
  );
}
