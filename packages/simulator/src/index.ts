/** The device simulator (README "Simulator"): walk model, protocol clients, fleets and scripts. */
export * from './geo';
export * from './random';
export * from './walk-model';
export * from './scripted-walk';
export * from './devices';
export * from './demo-sign-in';
export * from './fleet';
export * from './protocols/report-client';
export * from './protocols/osmand';
export * from './protocols/watch';
export * from './protocols/mqtt';
