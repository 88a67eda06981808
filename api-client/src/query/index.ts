export { QueryClientProvider, useQueryClient, useInfiniteQuery } from '@tanstack/react-query';
export * from './queryClient';
export * from './keys';
export * from './hooks';
export * from './ApiProvider';
export * from './intentKey';
export * from './pages';
