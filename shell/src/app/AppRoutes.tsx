import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { forgetBootForm } from '../boot/bootForm';
import { ShellLayout } from '../layout/ShellLayout';
import { RequireSession } from '../guards/RequireSession';
import { RemoteApp } from '../federation/RemoteApp';
import { LoginScreen } from '../screens/auth/LoginScreen';
import { NotFoundScreen } from '../screens/NotFoundScreen';
import type { RemoteName } from '../config/runtimeConfig';
import { lazyScreen } from './lazyScreen';

// The login (also the index page) renders at once; every other shell screen comes on first visit.
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
  return path === '/auth/register' ? RegisterScreen.preload() : Promise.resolve();
}

/** Fetches every lazy shell screen (tests render them without suspending). */
export async function preloadScreens(): Promise<void> {
  await Promise.all([RegisterScreen, ForgotPasswordScreen, ResetPasswordScreen, AdminLoginScreen, AdminRegisterScreen, LockAccountScreen, TwoFactorResetScreen, InfoScreen].map((s) => s.preload()));
}

/** Each remote owns everything under its path, behind a session of its kind. */
const REMOTE_ROUTES: Array<{ path: string; kind: 'user' | 'admin'; remote: RemoteName }> = [
  { path: 'user/*', kind: 'user', remote: 'user_app' },
  { path: 'admin/*', kind: 'admin', remote: 'admin_app' },
];

/** Spec section 2 routes. The remotes own everything under /user/* and /admin/*. */
export function AppRoutes() {
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
      {REMOTE_ROUTES.map(({ path, kind, remote }) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireSession kind={kind}>
              <RemoteApp name={remote} />
            </RequireSession>
          }
        />
      ))}
    </Routes>
  );
}
