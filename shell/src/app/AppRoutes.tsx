import { useEffect, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { forgetBootForm } from '../boot/bootForm';
import { ShellLayout } from '../layout/ShellLayout';
import { NotFoundScreen } from '../screens/NotFoundScreen';
import { REMOTE_PATHS, type RemoteName } from '../config/runtimeConfig';
import { lazyScreen } from './lazyScreen';

// Every shell screen comes on first visit: the login too, as the federated app shows it only when
// a session has ended (the sign-in pages fetch it with their config, preloadPrerendered).
const LoginScreen = lazyScreen(() => import('../screens/auth/LoginScreen'), (m) => m.LoginScreen);
const RegisterScreen = lazyScreen(() => import('../screens/auth/RegisterScreen'), (m) => m.RegisterScreen);
const ForgotPasswordScreen = lazyScreen(() => import('../screens/auth/ForgotPasswordScreen'), (m) => m.ForgotPasswordScreen);
const ResetPasswordScreen = lazyScreen(() => import('../screens/auth/ResetPasswordScreen'), (m) => m.ResetPasswordScreen);
const AdminLoginScreen = lazyScreen(() => import('../screens/auth/AdminLoginScreen'), (m) => m.AdminLoginScreen);
const AdminRegisterScreen = lazyScreen(() => import('../screens/auth/AdminRegisterScreen'), (m) => m.AdminRegisterScreen);
const LockAccountScreen = lazyScreen(() => import('../screens/auth/LockAccountScreen'), (m) => m.LockAccountScreen);
const TwoFactorResetScreen = lazyScreen(() => import('../screens/auth/TwoFactorResetScreen'), (m) => m.TwoFactorResetScreen);
const InfoScreen = lazyScreen(() => import('../screens/InfoScreen'), (m) => m.InfoScreen);

/**
 * A page the server sends rendered (shell/prerender) whose screen is lazy: its code, fetched
 * before the app's first render, so that render replaces the form with the form, not a spinner.
 */
export function preloadPrerendered(path: string): Promise<void> {
  if (path === '/' || path === '/auth/login') return LoginScreen.preload();
  return path === '/auth/register' ? RegisterScreen.preload() : Promise.resolve();
}

/** Fetches every lazy shell screen (tests render them without suspending). */
export async function preloadScreens(): Promise<void> {
  await Promise.all([LoginScreen, RegisterScreen, ForgotPasswordScreen, ResetPasswordScreen, AdminLoginScreen, AdminRegisterScreen, LockAccountScreen, TwoFactorResetScreen, InfoScreen].map((s) => s.preload()));
}

interface RemoteRoute {
  /** The session the remote's pages need. */
  kind: 'user' | 'admin';
  remote: RemoteName;
}

/** What a remote's path shows: its App (the federated entry) or a full load of it (the sign-in entry). */
export type RemotePage = (route: RemoteRoute) => ReactNode;

/** Each remote owns everything under its path. */
const REMOTE_ROUTES: RemoteRoute[] = [
  { kind: 'user', remote: 'user_app' },
  { kind: 'admin', remote: 'admin_app' },
];

/** Spec section 2 routes. The remotes own everything under /user/* and /admin/*. */
export function AppRoutes({ remotePage }: { remotePage: RemotePage }) {
  // The first commit has rendered the prerendered page's screen, which took what was typed.
  useEffect(forgetBootForm, []);
  return (
    <Routes>
      <Route element={<ShellLayout />}>
        <Route index element={<LoginScreen />} />
        <Route path="about" element={<InfoScreen page="about" />} />
        <Route path="contact" element={<InfoScreen page="contact" />} />
        <Route path="auth/login" element={<LoginScreen />} />
        <Route path="auth/register" element={<RegisterScreen />} />
        <Route path="auth/forget_password" element={<ForgotPasswordScreen />} />
        <Route path="auth/reset_password" element={<ResetPasswordScreen />} />
        <Route path="auth/lock-account" element={<LockAccountScreen />} />
        <Route path="auth/2fa-reset" element={<TwoFactorResetScreen />} />
        <Route path="admin-auth/admin-login" element={<AdminLoginScreen />} />
        <Route path="admin-auth/admin-reg" element={<AdminRegisterScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
      {REMOTE_ROUTES.map((route) => (
        <Route key={route.remote} path={`${REMOTE_PATHS[route.remote]}*`} element={remotePage(route)} />
      ))}
    </Routes>
  );
}
