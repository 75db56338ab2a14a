export * from './card.ts';
export * from './format.ts';
export * from './grants-display.ts';
export * from './grants.ts';
export * from './rules.ts';
export * from './schemas.ts';
export * from './units.ts';
export * from './proration.ts';
