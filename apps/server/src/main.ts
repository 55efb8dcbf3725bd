import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  const close = () => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`STL Deals is serving on ${address}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
