/** The official Meta Business SDK ships no types; the contract tests use it as Meta's own client. */
declare module 'facebook-nodejs-business-sdk' {
  const sdk: any;
  export default sdk;
}
