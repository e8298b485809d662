import { App as AntApp, ConfigProvider, type ConfigProviderProps, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { appTheme } from '../theme';

interface AntdProvidersProps {
  children: ReactNode;
  /** Tests pass a theme without CSS-in-JS injection, which is slow in jsdom. */
  theme?: ThemeConfig;
}

/**
 * Every tooltip opens after 700 ms of hover (signed-in spec 9's interface default) and at once on
 * keyboard focus, so what a pointer user can read a keyboard user can too.
 */
const tooltip: ConfigProviderProps['tooltip'] = { mouseEnterDelay: 0.7, trigger: ['hover', 'focus'] };

/** The dark theme, tooltips and the toasts of useToast (at most one at a time, spec 2.13). */
export function AntdProviders({ children, theme = appTheme }: AntdProvidersProps) {
  return (
    <ConfigProvider theme={theme} tooltip={tooltip}>
      <AntApp notification={{ maxCount: 1 }}>{children}</AntApp>
    </ConfigProvider>
  );
}
