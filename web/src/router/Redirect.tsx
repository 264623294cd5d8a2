// Replaces the current address after render (navigating during render would update state mid-render).
import { useEffect } from 'react';
import { navigate } from './use-location.ts';

export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}
