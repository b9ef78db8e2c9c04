import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../../components/ui/page-loader';
import { DocumentTitle } from '../document-title';

/** Wraps every screen: the document title and the fallback while a screen's code downloads. */
export default function RootRoute() {
  return (
    <>
      <DocumentTitle />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
