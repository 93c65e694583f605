import { DirectMessageSendRequest, DM_SEND_DESTINATION, ko, parseDirectMessageTopic } from '@otboo/contract';
import { badRequest, notFound } from '../../lib/errors.js';
import { parseWith } from '../../lib/validate.js';
import type { DestinationPolicy } from '../../realtime/stomp/broker.js';
import type { MessagesService } from './messages.service.js';

/**
 * The STOMP destinations of direct messages (docs/api.md §7): `/sub/direct-messages_{a}_{b}` may be subscribed by
 * a and b only; `/pub/direct-messages_send` stores and broadcasts a message from the connected user.
 */
export function directMessageDestinations(messages: MessagesService): DestinationPolicy {
  return {
    authorizeSubscribe(actor, destination) {
      const pair = parseDirectMessageTopic(destination);
      if (!pair) return ko.realtime.unknownDestination;
      return pair.includes(actor.userId) ? null : ko.realtime.subscribeForbidden;
    },
    async handleSend(actor, destination, body) {
      if (destination !== DM_SEND_DESTINATION)
        throw notFound(ko.realtime.unknownDestination, 'UnknownDestinationException');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw badRequest(ko.realtime.invalidBody, { body: ko.realtime.invalidBody });
      }
      await messages.send(actor, parseWith(DirectMessageSendRequest, json, 'body'));
    },
  };
}
