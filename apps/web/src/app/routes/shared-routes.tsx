/** Pages of every environment (lazy chunk): notifications, the account pages, guest pages, 404. */
import { Navigate, Route, Routes } from 'react-router';
import { TicketThreadPage } from '../../features/tickets/pages/ticket-thread-page';
import { TicketsPage } from '../../features/tickets/pages/tickets-page';
import { ErrorBlock } from '../../components/error-block';
import { AccountDetailsPage } from '../../features/account/pages/account-details-page';
import { SupportActsSection } from '../../features/support/components/support-acts-section';
import { PrimaryCoachPage } from '../../features/account/pages/primary-coach-page';
import { CheckoutPage } from '../../features/shop/pages/checkout-page';
import { OrderPage } from '../../features/shop/pages/order-page';
import { OrdersPage } from '../../features/shop/pages/orders-page';
import { PricingPage } from '../../features/shop/pages/pricing-page';
import { TestCheckoutPage } from '../../features/shop/pages/test-checkout-page';
import { VerifyPage } from '../../features/certifications/pages/verify-page';
import { PublicProfilePage } from '../../features/certifications/pages/public-profile-page';
import { RatePage } from '../../features/certifications/pages/rate-page';
export { NotificationsPage } from '../../features/notifications/pages/notifications-page';

export function AccountRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/account/details" replace />} />
      <Route path="orders" element={<OrdersPage />} />
      <Route path="orders/pricing" element={<PricingPage />} />
      <Route path="orders/checkout" element={<ErrorBlock kind="not_found" />} />
      <Route path="orders/checkout/:productId" element={<CheckoutPage />} />
      <Route path="orders/:orderId" element={<OrderPage />} />
      <Route
        path="details"
        element={
          <>
            <AccountDetailsPage />
            <SupportActsSection />
          </>
        }
      />
      <Route path="primary-coach" element={<PrimaryCoachPage />} />
      <Route path="tickets" element={<TicketsPage side="student" />} />
      <Route path="tickets/:ticketId" element={<TicketThreadPage side="student" />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}

/** /checkout/test/:paymentId: the built-in test payment provider's checkout page. */
export function CheckoutRoutes() {
  return (
    <Routes>
      <Route path="test/:paymentId" element={<TestCheckoutPage />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}

export function RateRoutes() {
  return (
    <Routes>
      <Route index element={<RatePage />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}

export function ProfilesRoutes() {
  return (
    <Routes>
      <Route path=":handle" element={<PublicProfilePage />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}

export function VerifyRoutes() {
  return (
    <div className="mx-auto max-w-4xl">
      <Routes>
        <Route path=":code" element={<VerifyPage />} />
        <Route path="*" element={<ErrorBlock kind="not_found" />} />
      </Routes>
    </div>
  );
}

export function NotFoundPage() {
  return <ErrorBlock kind="not_found" />;
}
