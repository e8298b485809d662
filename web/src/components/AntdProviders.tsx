import { App as AntApp, ConfigProvider, type ConfigProviderProps, type ThemeConfig } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { appTheme } from '../theme';

interface AntdProvidersProps {
  children: ReactNode;
  /** Tests pass a theme without CSS-in-JS injection, which is slow in jsdom. */
  theme?: ThemeConfig;
}

/** Signed-in spec 9's interface defaults: a tooltip opens after 700 ms of hover... */
export const tooltipOpenDelayMs = 700;
/** ...except within 300 ms of leaving another open tooltip, when the next one opens at once. */
export const tooltipSkipDelayMs = 300;

/** The class antd puts on a tooltip's target while its tooltip is open. */
const openTooltipTarget = '.ant-tooltip-open';

/**
 * The open delay every tooltip gets, in seconds: 700 ms, or none for 300 ms after the pointer
 * leaves the target of an open tooltip, so moving along a row of icons shows each label at once.
 */
function useTooltipOpenDelay(): number {
  const [skipping, setSkipping] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onMouseOut = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest(openTooltipTarget) : null;
      if (!target || (event.relatedTarget instanceof Node && target.contains(event.relatedTarget))) return;
      setSkipping(true);
      clearTimeout(timer);
      timer = setTimeout(() => setSkipping(false), tooltipSkipDelayMs);
    };
    document.addEventListener('mouseout', onMouseOut, true);
    return () => {
      document.removeEventListener('mouseout', onMouseOut, true);
      clearTimeout(timer);
    };
  }, []);
  return skipping ? 0 : tooltipOpenDelayMs / 1000;
}

/**
 * The dark theme, tooltips and the toasts of useToast (at most one at a time, spec 2.13). Every
 * tooltip uses the open and skip delays above, and opens at once on keyboard focus, so what a
 * pointer user can read a keyboard user can too.
 */
export function AntdProviders({ children, theme = appTheme }: AntdProvidersProps) {
  const mouseEnterDelay = useTooltipOpenDelay();
  const tooltip = useMemo<ConfigProviderProps['tooltip']>(
    () => ({ mouseEnterDelay, trigger: ['hover', 'focus'] }),
    [mouseEnterDelay],
  );
  return (
    <ConfigProvider theme={theme} tooltip={tooltip}>
      <AntApp notification={{ maxCount: 1 }}>{children}</AntApp>
    </ConfigProvider>
  );
}
