import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/ui/page-loader';
import { ScreenErrorBoundary } from '../route-error';

/** Wraps every screen: the fallback while a screen's code downloads, and the error screen if it fails. */
export default function RootRoute() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
