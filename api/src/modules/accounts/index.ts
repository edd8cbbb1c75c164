/** What accounts give the rest of the api: the api's process readies the password judge before it listens. */
export { preparePasswordJudge } from './passwordStrength';
