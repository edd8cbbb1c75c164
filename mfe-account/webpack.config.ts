import { remoteConfig } from '../webpack.remote';
import pkg from './package.json';
import { CONTRACT } from './src/contract';

// Its sign-in and password pages are also rendered on the server (src/server.tsx).
export default remoteConfig({
  dirname: __dirname,
  pkg,
  contract: CONTRACT,
  port: Number(process.env.ACCOUNT_PORT ?? 8084),
  exposes: ['AccountModals', 'LoginPage', 'ForgotPasswordPage', 'ResetPasswordPage', 'AccountPage', 'OperatorPage', 'OrderLookupPage'],
});
