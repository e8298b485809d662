import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { appTheme } from '../theme';

interface AntdProvidersProps {
  children: ReactNode;
  /** Tests pass a theme without CSS-in-JS injection, which is slow in jsdom. */
  theme?: ThemeConfig;
}

/** The dark theme and the toasts of useToast (at most one at a time, spec 2.13). */
export function AntdProviders({ children, theme = appTheme }: AntdProvidersProps) {
  return (
    <ConfigProvider theme={theme}>
      <AntApp notification={{ maxCount: 1 }}>{children}</AntApp>
    </ConfigProvider>
  );
}
