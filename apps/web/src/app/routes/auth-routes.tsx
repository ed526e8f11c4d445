/** The sign-in screens: one lazy chunk, the only one /auth needs besides the entry. */
import { Navigate, Route, Routes } from 'react-router';
import { ForgotPasswordPage } from '../../features/auth/pages/forgot-password-page';
import { RegisterConfirmPage } from '../../features/auth/pages/register-confirm-page';
import { RegisterPage } from '../../features/auth/pages/register-page';
import { ResetPasswordPage } from '../../features/auth/pages/reset-password-page';
import { SignInPage } from '../../features/auth/pages/sign-in-page';

export default function AuthRoutes() {
  return (
    <Routes>
      <Route index element={<SignInPage />} />
      <Route path="login" element={<Navigate to="/auth" replace />} />
      <Route path="login/register" element={<RegisterPage />} />
      <Route path="register/confirm" element={<RegisterConfirmPage />} />
      <Route path="password/forgot" element={<ForgotPasswordPage />} />
      <Route path="password/reset" element={<ResetPasswordPage />} />
      <Route path="*" element={<Navigate to="/auth" replace />} />
    </Routes>
  );
}
