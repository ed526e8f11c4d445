/**
 * The admin environment (lazy chunk): /admin/… and /academy/… (SPEC §2 "Admin routes"). Who may
 * open each page is the page map's (`PAGES` in @leerpad/core), applied by `RequirePage` above.
 */
import { Navigate, Route, Routes } from 'react-router';
import { ErrorBlock } from '../../components/error-block';
import { AccountsPage } from '../../features/admin/pages/accounts-page';
import { AccountImportPage } from '../../features/admin/pages/account-import-page';
import { AdminAccountPage } from '../../features/admin/pages/admin-account-page';
import { AuditLogPage } from '../../features/admin/pages/audit-log-page';
import { AdminAnnouncementsPage } from '../../features/admin/pages/announcements-page';
import { ActAsButton } from '../../features/support/components/act-as-button';
import { AdminDashboardPage } from '../../features/admin/pages/admin-dashboard-page';
import { AnalyticsPage } from '../../features/admin/pages/analytics-page';
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
import { PortalCreatePage } from '../../features/portals/pages/portal-create-page';
import { PortalPage } from '../../features/portals/pages/portal-page';
import { PortalsPage } from '../../features/portals/pages/portals-page';
import { PortalBrandingPage } from '../../features/settings/pages/portal-branding-page';
import { useNamespace } from '../../lib/i18n/i18n';

export function AdminRoutes() {
  useNamespace('authoring');
  useNamespace('settings');
  return (
    <Routes>
      <Route index element={<Navigate to="/admin/dashboard" replace />} />
      <Route path="dashboard" element={<AdminDashboardPage />} />
      <Route path="courses" element={<CourseListPage />} />
      <Route path="courses/create" element={<CourseCreatePage />} />
      <Route path="courses/content-issues" element={<ContentIssuesPage />} />
      <Route path="courses/:courseId" element={<CourseEditPage />} />
      <Route path="catalogs" element={<CatalogCategoriesPage />} />
      <Route path="certifications" element={<AdminCertificationsPage />} />
      <Route path="certifications/report" element={<QualificationsReportPage />} />
      <Route path="sales" element={<AdminSectionPage groups={['sales']} page="admin_sales" />} />
      <Route path="sales/orders" element={<OrdersPage />} />
      <Route path="sales/orders/create" element={<OrderCreatePage />} />
      <Route path="sales/orders/:orderId" element={<OrderPage />} />
      <Route path="sales/catalogs/*" element={<SalesCatalogsPage />} />
      <Route path="sales/promotions" element={<PromotionsPage />} />
      <Route path="accounts" element={<AccountsPage />} />
      <Route path="accounts/import" element={<AccountImportPage />} />
      <Route
        path="accounts/:accountId"
        element={
          <AdminAccountPage
            actions={(account) => <ActAsButton accountId={account.id} accountName={account.fullName} />}
          />
        }
      />
      <Route path="announcements" element={<AdminAnnouncementsPage />} />
      <Route path="settings" element={<AdminSectionPage groups={['academy']} page="admin_settings" />} />
      <Route path="portals" element={<PortalsPage />} />
      <Route path="portals/new" element={<PortalCreatePage />} />
      <Route path="portals/import" element={<PortalImportPage />} />
      <Route path="portals/:portalId" element={<PortalPage />} />
      <Route path="settings/portal" element={<PortalBrandingPage />} />
      <Route path="settings/export" element={<PortalExportPage />} />
      <Route path="settings/integrations" element={<IntegrationsPage />} />
      <Route path="settings/languages" element={<LanguagesPage />} />
      <Route path="settings/agreements" element={<AgreementsPage />} />
      <Route path="settings/order-automations" element={<OrderAutomationsPage />} />
      <Route path="analytics" element={<AnalyticsPage />} />
      <Route path="settings/audit" element={<AuditLogPage />} />
      <Route path="settings/feature-flags" element={<FeatureFlagsPage />} />
      <Route path="settings/approvals" element={<MandatesPage />} />
      <Route path="settings/content-labels" element={<ContentLabelsPage />} />
      <Route path="settings/feedback-rubric" element={<FeedbackRubricPage />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}

export function AcademyRoutes() {
  useNamespace('settings');
  return (
    <Routes>
      <Route index element={<AdminSectionPage groups={['marketing', 'support']} page="academy" />} />
      <Route path="marketing" element={<MarketingPage />} />
      <Route path="accounts_support" element={<AccountsPage />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}
