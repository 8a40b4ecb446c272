/** Which routes may be in maintenance, and the MAINTENANCE_ROUTES list the builds and the platform read. */
import { describe, expect, it } from 'vitest';
import { maintenanceRoute, maintenanceRoutesOf } from '../../../../src/lib/routes/maintenance.ts';
import { routeNames } from '../../../../src/lib/routes/routes.ts';

describe('the routes that may be in maintenance', () => {
  it('are every route of the table but the maintenance page itself', () => {
    expect(maintenanceRoute.safeParse('shops').success).toBe(true);
    expect(maintenanceRoute.safeParse('checkout').success).toBe(true);
    expect(maintenanceRoute.safeParse('maintenance').success).toBe(false);
    expect(routeNames.filter((route) => maintenanceRoute.safeParse(route).success)).toEqual(
      routeNames.filter((route) => route !== 'maintenance'),
    );
  });
  it('never include the 404 page, nor a name the table does not know', () => {
    for (const name of ['notFound', 'magasins', 'Shops', '', 'shops ']) expect(maintenanceRoute.safeParse(name).success, name).toBe(false);
  });
});

describe('the MAINTENANCE_ROUTES list', () => {
  it('reads route names separated by commas, spaces around them allowed', () => {
    expect([...maintenanceRoutesOf('shops, cart,login')]).toEqual(['shops', 'cart', 'login']);
  });
  it('leaves out the maintenance page, the 404 page, unknown names and empty items rather than failing', () => {
    expect([...maintenanceRoutesOf('maintenance, notFound, shops,, panier ,cart,')]).toEqual(['shops', 'cart']);
  });
  it('is empty when unset or blank', () => {
    expect(maintenanceRoutesOf().size).toBe(0);
    expect(maintenanceRoutesOf('').size).toBe(0);
    expect(maintenanceRoutesOf(' , ').size).toBe(0);
  });
  it('names each route once', () => {
    expect([...maintenanceRoutesOf('cart,cart, cart')]).toEqual(['cart']);
  });
});
