import { Route, Routes } from 'react-router';
import { ShellLayout } from '../layout/ShellLayout';
import { RequireSession } from '../guards/RequireSession';
import { RemoteApp } from '../federation/RemoteApp';
import { LoginScreen } from '../screens/auth/LoginScreen';
import { RegisterScreen } from '../screens/auth/RegisterScreen';
import { ForgotPasswordScreen } from '../screens/auth/ForgotPasswordScreen';
import { ResetPasswordScreen } from '../screens/auth/ResetPasswordScreen';
import { AdminLoginScreen } from '../screens/auth/AdminLoginScreen';
import { AdminRegisterScreen } from '../screens/auth/AdminRegisterScreen';
import { InfoScreen } from '../screens/InfoScreen';
import { NotFoundScreen } from '../screens/NotFoundScreen';

/** Spec section 2 routes. The remotes own everything under /user/* and /admin/*. */
export function AppRoutes() {
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
        <Route path="admin-auth/admin-login" element={<AdminLoginScreen />} />
        <Route path="admin-auth/admin-reg" element={<AdminRegisterScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
      <Route
        path="user/*"
        element={
          <RequireSession kind="user">
            <RemoteApp name="user_app" />
          </RequireSession>
        }
      />
      <Route
        path="admin/*"
        element={
          <RequireSession kind="admin">
            <RemoteApp name="admin_app" />
          </RequireSession>
        }
      />
    </Routes>
  );
}
