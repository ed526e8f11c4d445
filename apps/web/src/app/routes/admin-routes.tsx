/** The admin environment (lazy chunk): /admin/… and /academy/… (SPEC §2 "Admin routes"). */
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ErrorBlock } from '../../components/error-block';
import { AccountsPage } from '../../features/admin/pages/accounts-page';
import { AccountImportPage } from '../../features/admin/pages/account-import-page';
import { AdminAccountPage } from '../../features/admin/pages/admin-account-page';
import { AuditLogPage } from '../../features/admin/pages/audit-log-page';
import { AdminAnnouncementsPage } from '../../features/admin/pages/announcements-page';
import { ActAsButton } from '../../features/support/components/act-as-button';
import { AdminDashboardPage } from '../../features/admin/pages/admin-dashboard-page';
import { AdminSectionPage } from '../../features/admin/pages/admin-section-page';
import { CatalogCategoriesPage } from '../../features/authoring/pages/catalog-categories-page';
import { ContentIssuesPage } from '../../features/authoring/pages/content-issues-page';
import { ContentLabelsPage } from '../../features/authoring/pages/content-labels-page';
import { CourseCreatePage } from '../../features/authoring/pages/course-create-page';
import { CourseEditPage } from '../../features/authoring/pages/course-edit-page';
import { CourseListPage } from '../../features/authoring/pages/course-list-page';
import { FeedbackRubricPage } from '../../features/settings/pages/feedback-rubric-page';
import { FeatureFlagsPage } from '../../features/settings/pages/feature-flags-page';
import { AgreementsPage } from '../../features/settings/pages/agreements-page';
import { IntegrationsPage } from '../../features/settings/pages/integrations-page';
import { LanguagesPage } from '../../features/settings/pages/languages-page';
import { PortalExportPage } from '../../features/settings/pages/portal-export-page';
import { PortalImportPage } from '../../features/admin/pages/portal-import-page';
import { MarketingPage } from '../../features/settings/pages/marketing-page';
import { OrderAutomationsPage } from '../../features/sales/pages/order-automations-page';
import { OrderCreatePage } from '../../features/sales/pages/order-create-page';
import { OrderPage } from '../../features/sales/pages/order-page';
import { OrdersPage } from '../../features/sales/pages/orders-page';
import { PromotionsPage } from '../../features/sales/pages/promotions-page';
import { SalesCatalogsPage } from '../../features/sales/pages/sales-catalogs-page';
import { MandatesPage } from '../../features/approvals/pages/mandates-page';
import { AdminCertificationsPage } from '../../features/certifications/pages/admin-certifications-page';
import { QualificationsReportPage } from '../../features/certifications/pages/qualifications-report-page';
import { useNamespace } from '../../lib/i18n/i18n';
import { canSeeAdminPage } from '../../lib/navigation';
import { RequireAccess } from '../guards';

/** The page of a menu entry, refused (403) to whoever the menu hides the entry from. */
function Gate({ item, children }: { item: string; children: ReactNode }) {
  return <RequireAccess allowed={(context) => canSeeAdminPage(item, context)}>{children}</RequireAccess>;
}

export function AdminRoutes() {
  useNamespace('authoring');
  useNamespace('settings');
  return (
    <Routes>
      <Route index element={<Navigate to="/admin/dashboard" replace />} />
      <Route path="dashboard" element={<AdminDashboardPage />} />
      <Route
        path="courses"
        element={
          <Gate item="courses">
            <CourseListPage />
          </Gate>
        }
      />
      <Route
        path="courses/create"
        element={
          <Gate item="course-create">
            <CourseCreatePage />
          </Gate>
        }
      />
      <Route
        path="courses/content-issues"
        element={
          <Gate item="content-issues">
            <ContentIssuesPage />
          </Gate>
        }
      />
      <Route
        path="courses/:courseId"
        element={
          <Gate item="courses">
            <CourseEditPage />
          </Gate>
        }
      />
      <Route
        path="catalogs"
        element={
          <Gate item="catalogs">
            <CatalogCategoriesPage />
          </Gate>
        }
      />
      <Route
        path="certifications"
        element={
          <Gate item="certifications">
            <AdminCertificationsPage />
          </Gate>
        }
      />
      <Route
        path="certifications/report"
        element={
          <Gate item="qualifications">
            <QualificationsReportPage />
          </Gate>
        }
      />
      <Route
        path="sales"
        element={
          <Gate item="orders">
            <AdminSectionPage groups={['sales']} page="admin_sales" />
          </Gate>
        }
      />
      <Route
        path="sales/orders"
        element={
          <Gate item="orders">
            <OrdersPage />
          </Gate>
        }
      />
      <Route
        path="sales/orders/create"
        element={
          <Gate item="order-create">
            <OrderCreatePage />
          </Gate>
        }
      />
      <Route
        path="sales/orders/:orderId"
        element={
          <Gate item="orders">
            <OrderPage />
          </Gate>
        }
      />
      <Route
        path="sales/catalogs/*"
        element={
          <Gate item="sales-catalogs">
            <SalesCatalogsPage />
          </Gate>
        }
      />
      <Route
        path="sales/promotions"
        element={
          <Gate item="promotions">
            <PromotionsPage />
          </Gate>
        }
      />
      <Route
        path="accounts"
        element={
          <Gate item="accounts">
            <AccountsPage />
          </Gate>
        }
      />
      <Route
        path="accounts/import"
        element={
          <Gate item="accounts">
            <AccountImportPage />
          </Gate>
        }
      />
      <Route
        path="accounts/:accountId"
        element={
          <Gate item="accounts">
            <AdminAccountPage
              actions={(account) => <ActAsButton accountId={account.id} accountName={account.fullName} />}
            />
          </Gate>
        }
      />
      <Route
        path="announcements"
        element={
          <Gate item="announcements">
            <AdminAnnouncementsPage />
          </Gate>
        }
      />
      <Route
        path="settings"
        element={
          <Gate item="integrations">
            <AdminSectionPage groups={['academy']} page="admin_settings" />
          </Gate>
        }
      />
      <Route
        path="settings/integrations"
        element={
          <Gate item="integrations">
            <IntegrationsPage />
          </Gate>
        }
      />
      <Route
        path="settings/languages"
        element={
          <Gate item="languages">
            <LanguagesPage />
          </Gate>
        }
      />
      <Route
        path="settings/export"
        element={
          <Gate item="portal-export">
            <PortalExportPage />
          </Gate>
        }
      />
      <Route
        path="portals/import"
        element={
          <Gate item="portal-import">
            <PortalImportPage />
          </Gate>
        }
      />
      <Route
        path="settings/agreements"
        element={
          <Gate item="agreements">
            <AgreementsPage />
          </Gate>
        }
      />
      <Route
        path="settings/order-automations"
        element={
          <Gate item="order-automations">
            <OrderAutomationsPage />
          </Gate>
        }
      />
      <Route
        path="settings/audit"
        element={
          <Gate item="audit-log">
            <AuditLogPage />
          </Gate>
        }
      />
      <Route
        path="settings/feature-flags"
        element={
          <Gate item="feature-flags">
            <FeatureFlagsPage />
          </Gate>
        }
      />
      <Route
        path="settings/approvals"
        element={
          <Gate item="approvals">
            <MandatesPage />
          </Gate>
        }
      />
      <Route
        path="settings/content-labels"
        element={
          <Gate item="content-labels">
            <ContentLabelsPage />
          </Gate>
        }
      />
      <Route
        path="settings/feedback-rubric"
        element={
          <Gate item="feedback-rubric">
            <FeedbackRubricPage />
          </Gate>
        }
      />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}

export function AcademyRoutes() {
  useNamespace('settings');
  return (
    <Routes>
      <Route index element={<AdminSectionPage groups={['marketing', 'support']} page="academy" />} />
      <Route
        path="marketing"
        element={
          <Gate item="marketing">
            <MarketingPage />
          </Gate>
        }
      />
      <Route
        path="accounts_support"
        element={
          <Gate item="accounts">
            <AccountsPage />
          </Gate>
        }
      />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}
