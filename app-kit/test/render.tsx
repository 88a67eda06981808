// The design system's test renderer (theme and router, as the shell does): one for both packages.
export { renderUi } from '../../shared-ui/test/render';
