import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from './components/RootLayout';

// One chunk per page keeps the landing page's initial JavaScript small.
// Public pages are plain HTML and CSS: they load no antd.
const LandingPage = lazy(() => import('./pages/landing/LandingPage').then((m) => ({ default: m.LandingPage })));
const PricingPage = lazy(() => import('./pages/pricing/PricingPage').then((m) => ({ default: m.PricingPage })));
const SolutionsIndexPage = lazy(() =>
  import('./pages/solutions/SolutionsIndexPage').then((m) => ({ default: m.SolutionsIndexPage })),
);
const PaymentProcessingPage = lazy(() =>
  import('./pages/solutions/PaymentProcessingPage').then((m) => ({ default: m.PaymentProcessingPage })),
);
const BlockchainIntegrationPage = lazy(() =>
  import('./pages/solutions/BlockchainIntegrationPage').then((m) => ({ default: m.BlockchainIntegrationPage })),
);
const CompliancePage = lazy(() =>
  import('./pages/solutions/CompliancePage').then((m) => ({ default: m.CompliancePage })),
);
const CryptoPaymentsPage = lazy(() =>
  import('./pages/solutions/CryptoPaymentsPage').then((m) => ({ default: m.CryptoPaymentsPage })),
);
const RealEstateTokenizationPage = lazy(() =>
  import('./pages/solutions/RealEstateTokenizationPage').then((m) => ({ default: m.RealEstateTokenizationPage })),
);
const LegalIndexPage = lazy(() => import('./pages/legal/LegalIndexPage').then((m) => ({ default: m.LegalIndexPage })));
const TermsPage = lazy(() => import('./pages/legal/TermsPage').then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => import('./pages/legal/PrivacyPage').then((m) => ({ default: m.PrivacyPage })));
const AmlPolicyPage = lazy(() => import('./pages/legal/AmlPolicyPage').then((m) => ({ default: m.AmlPolicyPage })));
const SecurityPage = lazy(() => import('./pages/legal/SecurityPage').then((m) => ({ default: m.SecurityPage })));
const AffiliateLandingPage = lazy(() =>
  import('./pages/affiliate/public/AffiliateLandingPage').then((m) => ({ default: m.AffiliateLandingPage })),
);
const NotFoundPage = lazy(() => import('./pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

// antd's theme and toasts, around the pages built with antd.
const AntdLayout = lazy(() => import('./components/AntdLayout').then((m) => ({ default: m.AntdLayout })));
const RegisterPage = lazy(() => import('./pages/register/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() =>
  import('./pages/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() => import('./pages/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })));
const ContactPage = lazy(() => import('./pages/contact/ContactPage').then((m) => ({ default: m.ContactPage })));
const CheckoutPage = lazy(() => import('./pages/checkout/CheckoutPage').then((m) => ({ default: m.CheckoutPage })));
const UserGuidePage = lazy(() => import('./pages/legal/UserGuidePage').then((m) => ({ default: m.UserGuidePage })));
const AffiliateRegisterPage = lazy(() =>
  import('./pages/affiliate/public/AffiliateRegisterPage').then((m) => ({ default: m.AffiliateRegisterPage })),
);
const AffiliateLoginPage = lazy(() =>
  import('./pages/affiliate/public/AffiliateLoginPage').then((m) => ({ default: m.AffiliateLoginPage })),
);
const GuardedRoute = lazy(() => import('./components/GuardedRoute').then((m) => ({ default: m.GuardedRoute })));
const DashboardPage = lazy(() => import('./pages/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const TransactionsPage = lazy(() =>
  import('./pages/transactions/TransactionsPage').then((m) => ({ default: m.TransactionsPage })),
);
const ComplianceCenterPage = lazy(() =>
  import('./pages/compliance-center/ComplianceCenterPage').then((m) => ({ default: m.ComplianceCenterPage })),
);
const IntegrationsPage = lazy(() =>
  import('./pages/integrations/IntegrationsPage').then((m) => ({ default: m.IntegrationsPage })),
);
const TransactionAnalyticsPage = lazy(() =>
  import('./pages/analytics/TransactionAnalyticsPage').then((m) => ({ default: m.TransactionAnalyticsPage })),
);
const BusinessMetricsPage = lazy(() =>
  import('./pages/analytics/BusinessMetricsPage').then((m) => ({ default: m.BusinessMetricsPage })),
);
const CashFlowPage = lazy(() => import('./pages/analytics/CashFlowPage').then((m) => ({ default: m.CashFlowPage })));
const CustomerSegmentationPage = lazy(() =>
  import('./pages/analytics/CustomerSegmentationPage').then((m) => ({ default: m.CustomerSegmentationPage })),
);
const RiskAnalyticsPage = lazy(() =>
  import('./pages/analytics/RiskAnalyticsPage').then((m) => ({ default: m.RiskAnalyticsPage })),
);
const CompetitiveAnalysisPage = lazy(() =>
  import('./pages/analytics/CompetitiveAnalysisPage').then((m) => ({ default: m.CompetitiveAnalysisPage })),
);
const ReportsPage = lazy(() => import('./pages/reports/ReportsPage').then((m) => ({ default: m.ReportsPage })));
const CryptoWalletPage = lazy(() =>
  import('./pages/crypto/CryptoWalletPage').then((m) => ({ default: m.CryptoWalletPage })),
);
const TokenizationPage = lazy(() =>
  import('./pages/tokenization/TokenizationPage').then((m) => ({ default: m.TokenizationPage })),
);
const TokenizationInfoPage = lazy(() =>
  import('./pages/tokenization/TokenizationInfoPage').then((m) => ({ default: m.TokenizationInfoPage })),
);
const AffiliateAreaRoute = lazy(() =>
  import('./pages/affiliate/dashboard/AffiliateAreaRoute').then((m) => ({ default: m.AffiliateAreaRoute })),
);
const AffiliateDashboardPage = lazy(() =>
  import('./pages/affiliate/dashboard/AffiliateDashboardPage').then((m) => ({ default: m.AffiliateDashboardPage })),
);
const MarketingToolkitPage = lazy(() =>
  import('./pages/affiliate/toolkit/MarketingToolkitPage').then((m) => ({ default: m.MarketingToolkitPage })),
);
const AdminAffiliatesPage = lazy(() =>
  import('./pages/admin/AdminAffiliatesPage').then((m) => ({ default: m.AdminAffiliatesPage })),
);
const AdminKycPage = lazy(() => import('./pages/admin/AdminKycPage').then((m) => ({ default: m.AdminKycPage })));
const SupportConsolePage = lazy(() =>
  import('./pages/support/SupportConsolePage').then((m) => ({ default: m.SupportConsolePage })),
);

/**
 * The route table. Every path renders a page with an h1 or the 404 page (App.test.tsx walks the
 * table): a parent route needs an index page of its own.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="solutions">
          <Route index element={<SolutionsIndexPage />} />
          <Route path="payment-processing" element={<PaymentProcessingPage />} />
          <Route path="blockchain-integration" element={<BlockchainIntegrationPage />} />
          <Route path="compliance" element={<CompliancePage />} />
          <Route path="crypto-payments" element={<CryptoPaymentsPage />} />
          <Route path="real-estate-tokenization" element={<RealEstateTokenizationPage />} />
        </Route>
        <Route path="legal">
          <Route index element={<LegalIndexPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="aml-policy" element={<AmlPolicyPage />} />
          <Route path="security" element={<SecurityPage />} />
        </Route>
        <Route path="affiliate" element={<AffiliateLandingPage />} />

        <Route element={<AntdLayout />}>
          <Route path="register" element={<RegisterPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="verify-email" element={<VerifyEmailPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="payment" element={<CheckoutPage />} />
          <Route path="legal/user-guide" element={<UserGuidePage />} />
          <Route path="affiliate/register" element={<AffiliateRegisterPage />} />
          <Route path="affiliate/login" element={<AffiliateLoginPage />} />
          <Route element={<GuardedRoute />}>
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="transactions" element={<TransactionsPage />} />
            <Route path="tokenization" element={<TokenizationPage />} />
            <Route path="tokenization-info" element={<TokenizationInfoPage />} />
            <Route path="compliance" element={<ComplianceCenterPage />} />
            <Route path="analytics" element={<TransactionAnalyticsPage />} />
            <Route path="analytics/business-metrics" element={<BusinessMetricsPage />} />
            <Route path="analytics/cash-flow" element={<CashFlowPage />} />
            <Route path="analytics/customer-segmentation" element={<CustomerSegmentationPage />} />
            <Route path="analytics/risk-analytics" element={<RiskAnalyticsPage />} />
            <Route path="analytics/competitive-analysis" element={<CompetitiveAnalysisPage />} />
            <Route path="reports" element={<ReportsPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="integrations" element={<IntegrationsPage />} />
            <Route path="crypto-wallet" element={<CryptoWalletPage />} />
            <Route path="wallet" element={<CryptoWalletPage />} />
            <Route path="support" element={<SupportConsolePage />} />
            <Route path="admin/affiliates" element={<AdminAffiliatesPage />} />
            <Route path="admin/kyc" element={<AdminKycPage />} />
          </Route>
          <Route element={<AffiliateAreaRoute />}>
            <Route path="affiliate/dashboard" element={<AffiliateDashboardPage />} />
            <Route path="affiliate/marketing-toolkit" element={<MarketingToolkitPage />} />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
