import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { lazyRoutesOf, startLoadingRoute } from './router';

describe('startLoadingRoute', () => {
  it('asks for the signed-in layout and the screen together, for every screen inside the layout', () => {
    const inLayout = [
      paths.shop.path,
      paths.product.path.replace(':id', 'item-1'),
      paths.tierPage.path,
      paths.adminDashboard.path,
      paths.superadminDashboard.path,
      paths.superadminAudit.path,
    ];
    for (const path of inLayout) expect(lazyRoutesOf(path), path).toHaveLength(2);
    expect(lazyRoutesOf(paths.resetPassword.path)).toHaveLength(1);
    expect(lazyRoutesOf('/no-such-page')).toHaveLength(1);
    // The login screen is in the entry: nothing to load.
    expect(lazyRoutesOf(paths.login.path)).toHaveLength(0);
  });

  it('resolves once the layout, the screen, their styles and words have loaded', async () => {
    await expect(startLoadingRoute(paths.shop.path)).resolves.toHaveLength(2);
  });
});
