// Public content pages (spec §2): the router spreads these into the shell's routes.
export const marketingRoutes = <></>;
