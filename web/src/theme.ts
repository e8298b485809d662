import { theme, type ThemeConfig } from 'antd';

/** The dark theme is always applied (spec 1). styles.css repeats these colours for the plain public pages. */
export const pageBackground = '#0b0f19';

export const appTheme: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: '#3b82f6',
    colorBgLayout: pageBackground,
    colorBgBase: pageBackground,
    borderRadius: 8,
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    // WCAG AA contrast on the dark backgrounds: links, secondary text and placeholders at 4.5:1 or more,
    // and links underlined so they stand out from the text around them without relying on colour.
    colorLink: '#60a5fa',
    colorLinkHover: '#93c5fd',
    colorLinkActive: '#3b82f6',
    linkDecoration: 'underline',
    linkHoverDecoration: 'underline',
    colorTextSecondary: 'rgba(255, 255, 255, 0.7)',
    colorTextDescription: 'rgba(255, 255, 255, 0.7)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
    // Red text (Typography type="danger", e.g. a falling metric) at 6.0:1 on a card; the dark
    // algorithm's #dc4446 reads at 3.9:1. colorError (danger buttons' fill) stays as it is.
    colorErrorText: '#f87171',
  },
  components: {
    // The dark algorithm lightens a hovered primary button to #5e97e8 (white text at 2.97:1): a
    // darker hover keeps its label at 5.3:1, while a hovered default button keeps a light label.
    Button: { colorPrimaryHover: '#2e68c9', defaultHoverColor: '#93c5fd', defaultHoverBorderColor: '#60a5fa' },
    // Labels default to the tertiary text colour (4.37:1 on a card): the secondary one keeps 4.5:1.
    Descriptions: { labelColor: 'rgba(255, 255, 255, 0.7)' },
    Layout: { headerBg: 'rgba(11, 15, 25, 0.92)', bodyBg: pageBackground, footerBg: '#070a12' },
    Tabs: {
      itemSelectedColor: '#60a5fa',
      itemHoverColor: '#93c5fd',
      itemActiveColor: '#93c5fd',
      inkBarColor: '#3b82f6',
    },
  },
};
