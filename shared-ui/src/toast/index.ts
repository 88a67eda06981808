// `@halcyon/shared-ui/toast`: the toast calls and the one container. Its own entry because it holds
// the page's toast state: the federation shares it as a singleton (mf-shared.cjs), while the rest
// of shared-ui may come in another version with a remote.
export { toast, handOverToasts, resumeToasts, TOAST_DURATIONS, TOAST_LIMIT, type ToastType, type ToastOptions } from './toast';
export { Toaster } from './Toaster';
