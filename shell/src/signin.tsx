// The sign-in pages' entry (issue 32): /, /auth/login and /auth/register, whose HTML the build
// prerenders. It is built without Module Federation (rspack.signin.config.cjs), so the form
// becomes usable without the federation runtime and the shared-module chunks; a remote's page
// (after a login, or a link) is a full load of the federated app (OpenApp).
//
// The app's modules are in this file (eager) but run after the first frame: a script that has
// already arrived would otherwise run before the browser paints the prerendered form.
requestAnimationFrame(() => setTimeout(() => void import(/* webpackMode: "eager" */ './entry/signinApp')));
