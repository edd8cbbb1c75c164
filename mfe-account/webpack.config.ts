import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { commonConfig, serverConfig, sharedSingletons, withStandaloneRuntime, type Mode } from '../webpack.common';
import pkg from './package.json';
import { CONTRACT } from './src/contract';

export default (_env: unknown, argv: { mode?: Mode }) => {
  const mode = argv.mode ?? 'production';
  const web = commonConfig({
    dirname: __dirname,
    pkg,
    mode,
    port: Number(process.env.ACCOUNT_PORT ?? 8084),
    outputDir: `dist/${pkg.version}`,
    contract: CONTRACT,
    title: 'mfe-account — standalone',
    plugins: [
      new ModuleFederationPlugin({
        name: 'mfe_account',
        filename: 'remoteEntry.js',
        manifest: true,
        dts: false,
        shareStrategy: 'loaded-first',
        exposes: {
          './AccountModals': './src/exposes/AccountModals.tsx',
          './LoginPage': './src/exposes/LoginPage.tsx',
          './ForgotPasswordPage': './src/exposes/ForgotPasswordPage.tsx',
          './ResetPasswordPage': './src/exposes/ResetPasswordPage.tsx',
          './AccountPage': './src/exposes/AccountPage.tsx',
          './OperatorPage': './src/exposes/OperatorPage.tsx',
          './OrderLookupPage': './src/exposes/OrderLookupPage.tsx',
        },
        shared: sharedSingletons(pkg),
        // Runs on the runtime the shell provides; its own page loads federation-runtime.js instead.
        experiments: { externalRuntime: true },
      }),
    ],
  });
  // Its sign-in and password pages are also rendered on the server (src/server.tsx).
  return [...withStandaloneRuntime(web), serverConfig(web, { pkg, remote: true })];
};
