import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_VARIABLE_NAMES,
  CONFIG_VARIABLES,
  ConfigError,
  loadConfig,
  renderConfigTable,
} from './config';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

/** A valid CPR_ENCRYPTION_KEY: 32 bytes in base64. */
const KEY = Buffer.alloc(32, 3).toString('base64');

describe('loadConfig', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.mqttUrl).toBeUndefined();
    expect(config.mqttPort).toBe(1883);
    expect(config.role).toBe('all');
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
    expect(config.themeSwitchingEnabled).toBe(true);
    expect(config.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.demoData).toBe(true);
    expect(config.gatewayOsmandPort).toBe(5055);
    expect(config.gatewayWatchPort).toBe(5093);
  });

  it('runs demo simulator watches by default only with demo data in development', () => {
    expect(loadConfig({}).demoSimulatorDevices).toBe(3);
    expect(loadConfig({ NODE_ENV: 'test' }).demoSimulatorDevices).toBe(0);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoSimulatorDevices).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', CPR_ENCRYPTION_KEY: KEY }).demoSimulatorDevices).toBe(0);
    expect(loadConfig({ DEMO_SIMULATOR_DEVICES: '0' }).demoSimulatorDevices).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', DEMO_SIMULATOR_DEVICES: '5' }).demoSimulatorDevices).toBe(5);
    expect(() => loadConfig({ DEMO_SIMULATOR_DEVICES: '51' })).toThrow(
      'Invalid configuration: DEMO_SIMULATOR_DEVICES must be an integer from 0 to 50 (got "51")',
    );
  });

  it('reads the device gateway ports, 0 turning a gateway off', () => {
    const config = loadConfig({ GATEWAY_OSMAND_PORT: '0', GATEWAY_WATCH_PORT: '7000' });
    expect(config.gatewayOsmandPort).toBe(0);
    expect(config.gatewayWatchPort).toBe(7000);
    expect(errorOf({ GATEWAY_WATCH_PORT: 'watch' }).message).toBe(
      'Invalid configuration: GATEWAY_WATCH_PORT must be an integer from 0 to 65535 (got "watch")',
    );
    expect(errorOf({ GATEWAY_OSMAND_PORT: '65536' }).message).toContain(
      'GATEWAY_OSMAND_PORT must be an integer from 0 to 65535',
    );
  });

  it('has a privacy link per language, one pointing to a Norwegian page, and Danish as the default', () => {
    const { privacyPolicyUrls } = loadConfig({});
    expect(Object.keys(privacyPolicyUrls).sort()).toEqual(['da-DK', 'de-DE', 'default', 'en', 'sv']);
    expect(privacyPolicyUrls.sv).toContain('/no/');
    expect(privacyPolicyUrls.default).toBe(privacyPolicyUrls['da-DK']);
  });

  it('reads values, derives PUBLIC_URL from PORT and turns demo data off in production', () => {
    const config = loadConfig({
      PORT: '8080',
      NODE_ENV: 'production',
      CPR_ENCRYPTION_KEY: KEY,
      DATABASE_URL: 'postgresql://app:pw@db:5432/homeward',
      MQTT_URL: 'mqtts://broker:8883',
      MQTT_PORT: '0',
      ROLE: 'worker',
      THEME_SWITCHING_ENABLED: 'false',
      PRIVACY_POLICY_URL_EN: 'https://example.com/privacy',
    });
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.databaseUrl).toBe('postgresql://app:pw@db:5432/homeward');
    expect(config.mqttUrl).toBe('mqtts://broker:8883');
    expect(config.mqttPort).toBe(0);
    expect(config.role).toBe('worker');
    expect(config.themeSwitchingEnabled).toBe(false);
    expect(config.demoData).toBe(false);
    expect(config.privacyPolicyUrls.en).toBe('https://example.com/privacy');
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'yes', CPR_ENCRYPTION_KEY: KEY }).demoData).toBe(
      true,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).port).toBe(3000);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('names the variable, the rule and the value in one line', () => {
    const error = errorOf({ PORT: 'abc' });
    expect(error.variable).toBe('PORT');
    expect(error.message).toBe('Invalid configuration: PORT must be an integer from 1 to 65535 (got "abc")');
    expect(error.message).not.toContain('\n');
    expect(errorOf({ PORT: '70000' }).message).toContain('PORT must be an integer from 1 to 65535');
    expect(errorOf({ MQTT_PORT: '-1' }).message).toContain('MQTT_PORT must be an integer from 0 to 65535');
    expect(errorOf({ ROLE: 'boss' }).message).toBe(
      'Invalid configuration: ROLE must be one of api, worker, all (got "boss")',
    );
    expect(errorOf({ THEME_SWITCHING_ENABLED: 'maybe' }).message).toContain(
      'THEME_SWITCHING_ENABLED must be true or false',
    );
    expect(errorOf({ MQTT_URL: 'http://broker' }).message).toContain(
      'MQTT_URL must be a URL starting with mqtt:// or mqtts://',
    );
  });

  it('refuses a non-PostgreSQL DATABASE_URL without echoing its password', () => {
    const error = errorOf({ DATABASE_URL: 'mysql://root:hunter2@db/app' });
    expect(error.variable).toBe('DATABASE_URL');
    expect(error.message).toBe(
      'Invalid configuration: DATABASE_URL must be a URL starting with postgres:// or postgresql:// (got "mysql://root:***@db/app")',
    );
  });

  it('documents exactly the variables it reads', () => {
    expect(CONFIG_VARIABLES.map((variable) => variable.name).sort()).toEqual(
      [...CONFIG_VARIABLE_NAMES].sort(),
    );
    for (const variable of CONFIG_VARIABLES) expect(variable.description.length).toBeGreaterThan(10);
  });

  it('renders the README table with one row per variable', () => {
    const table = renderConfigTable().split('\n');
    expect(table).toHaveLength(CONFIG_VARIABLES.length + 2);
    expect(table).toContain(
      '| `PORT` | 3000 | HTTP port for the API, the OpenID provider and the web app (1–65535). |',
    );
  });

  it('keeps the README configuration table in step with the code', () => {
    // The README is the operator's reference; a variable added here without a row there fails this.
    const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(renderConfigTable());
  });

  it('refuses the benchmark-only row-level security switch in production', () => {
    expect(loadConfig({ RLS_DISABLED_FOR_BENCHMARK: 'true' }).rlsDisabledForBenchmark).toBe(true);
    expect(loadConfig({}).rlsDisabledForBenchmark).toBe(false);
    expect(errorOf({ RLS_DISABLED_FOR_BENCHMARK: 'true', NODE_ENV: 'production' }).variable).toBe(
      'RLS_DISABLED_FOR_BENCHMARK',
    );
  });

  it('refuses to start in production without a CPR key, and uses a fixed development key elsewhere', () => {
    expect(errorOf({ NODE_ENV: 'production' }).variable).toBe('CPR_ENCRYPTION_KEY');
    const production = loadConfig({ NODE_ENV: 'production', CPR_ENCRYPTION_KEY: KEY });
    expect(production.cprEncryptionKey).toEqual(Buffer.from(KEY, 'base64'));
    expect(production.cprEncryptionKeyIsDevelopmentKey).toBe(false);
    const development = loadConfig({});
    expect(development.cprEncryptionKey).toHaveLength(32);
    expect(development.cprEncryptionKeyIsDevelopmentKey).toBe(true);
    expect(loadConfig({}).cprEncryptionKey).toEqual(development.cprEncryptionKey);
  });

  it('refuses a CPR key that is not 32 bytes of base64, without echoing it', () => {
    const short = Buffer.alloc(16, 7).toString('base64');
    const error = errorOf({ CPR_ENCRYPTION_KEY: short });
    expect(error.variable).toBe('CPR_ENCRYPTION_KEY');
    expect(error.message).not.toContain(short);
  });

  it('reads the VAPID pair only whole, never echoes its private key, and defaults the subject', () => {
    const publicKey = `B${'x'.repeat(86)}`;
    const privateKey = 'y'.repeat(43);
    const config = loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey });
    expect(config.vapidKeys).toEqual({ publicKey, privateKey });
    expect(loadConfig({}).vapidKeys).toBeUndefined();
    expect(loadConfig({}).vapidSubject).toBe('mailto:support@homeward.example');
    expect(errorOf({ VAPID_PUBLIC_KEY: publicKey }).variable).toBe('VAPID_PRIVATE_KEY');
    const bad = errorOf({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'secret-but-short' });
    expect(bad.variable).toBe('VAPID_PRIVATE_KEY');
    expect(bad.message).not.toContain('secret-but-short');
    expect(errorOf({ VAPID_SUBJECT: 'http://example.com' }).variable).toBe('VAPID_SUBJECT');
    expect(
      loadConfig({ PUSH_INSECURE_ENDPOINT_HOSTS: ' 127.0.0.1, Push.Local ' }).pushInsecureEndpointHosts,
    ).toEqual(['127.0.0.1', 'push.local']);
    expect(loadConfig({}).pushInsecureEndpointHosts).toEqual([]);
  });
});
