export { QueryClientProvider, useQueryClient, useInfiniteQuery } from '@tanstack/react-query';
// The one QueryClient of the page is the seam's.
export { queryClient, isRetryable } from '@halcyon/seam/query';
export * from './keys';
export * from './hooks';
export * from './ApiProvider';
export * from './intentKey';
export * from './pages';
