import fp from 'fastify-plugin';

/**
 * A request in flight when closing starts answers with `Connection: close`: its socket then ends with the
 * response instead of idling on keep-alive after 'idle' sockets were already closed, which would hold the close.
 */
export default fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
  },
  { name: 'close-connections' },
);
