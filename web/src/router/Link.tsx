// An anchor that navigates in the page (plain clicks) and stays a real link (new tab, copy address, keyboard).
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from './use-location.ts';

export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { href, onClick, ...rest } = props;
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={click} {...rest} />;
}
