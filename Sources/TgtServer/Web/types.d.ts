// Shapes the dashboard's scripts read from the JSON API (see /api/openapi.json). Types only:
// this file is checked with the scripts, never served. The server-sent events' types are
// generated from the spec into events.d.ts (scripts/web-event-types.py).
export type { EventMap } from './events';

/** One problem with one field, as the API reports a failed validation. */
export interface Issue {
  field: string;
  message: string;
}

/** `{"success": false, "error": …}` */
export interface ErrorBody {
  code: string;
  message: string;
  next_step?: string;
  issues?: Issue[];
}

/** Every API reply: `{"success": true, "data": …}` or `{"success": false, "error": …}`. */
export type Envelope = { success: true; data: unknown } | { success: false; error: ErrorBody };

/** A group, or one forum topic of it, that a template posts to. */
export interface Target {
  key: string;
  chat_id: number;
  chat_title: string;
  display_name: string;
  topic_id: number | null;
  topic_title: string | null;
}

/** What the editor saves for each target. */
export interface TargetInput {
  chat_id: number;
  chat_title?: string;
  topic_id?: number;
  topic_title?: string;
}

/** A template's place rule as the editor saves it (PlaceRuleInput in the OpenAPI document). */
export interface PlaceInput {
  crossing: 'arrive' | 'leave';
  place_name: string;
  latitude: number;
  longitude: number;
  radius: number;
  window_minutes: number;
}

export interface Chat {
  id: number;
  /** saved_messages, private, basic_group, supergroup or channel. */
  kind: string;
  title: string;
  member_count: number;
  is_forum: boolean;
  /** Whether a template may send here (if not, `cannot_post_reason` says why). */
  can_post: boolean;
  /** Why not, as a code (`PostRefusal` in the API document). */
  cannot_post_code?: string;
  cannot_post_reason?: string;
  /** One line for the picker: "forum · 48 members", "private chat", "can't post: …". */
  summary: string;
  topics: { id: number; title: string }[];
  /** The chat itself first, then one per topic. */
  targets: Target[];
}

export interface ChatList {
  chats: Chat[];
}

export interface TemplateSummary {
  id: string;
  name: string;
}

export interface TemplateList {
  templates: TemplateSummary[];
}

export interface SendResult {
  target: string;
  title: string;
  status: 'sent' | 'failed' | 'undone';
  error: string | null;
}

export interface SendReport {
  all_sent: boolean;
  results: SendResult[];
  /** Taken back during its undo hold: nothing reached Telegram. */
  undone: boolean;
}

/** A tap's send in its undo hold (`GET /api/sends/held`). */
export interface HeldSend {
  batch_id: string;
  template_id: string;
  template_name: string;
  hold_until: string;
  targets: string[];
}

export interface HeldSendList {
  holds: HeldSend[];
}

export interface TextEntity {
  offset: number;
  length: number;
  type: string;
  url?: string;
}

/** The text measured in its channel's units: characters, SMS parts, X's weighting. */
export interface Counter {
  count: number;
  limit: number;
  over: boolean;
  summary: string;
  segments?: number;
  encoding?: string;
}

export interface Preview {
  text: string;
  entities: TextEntity[];
  length: number;
  max_length: number;
  native_location: string | null;
  counter: Counter;
  /** Email previews: the subject with variables filled in. */
  subject?: string;
}

/** A custom variable a send needs: free text (maybe with a default) or one of a list. */
export interface TemplateVariable {
  name: string;
  kind: 'text' | 'choice';
  default?: string;
  choices: string[];
}

/** A draft handed to another app (email, text message, X). */
export interface Draft {
  kind: string;
  url: string;
  to: string[];
  cc: string[];
  subject?: string;
  body: string;
  status: string;
}

export interface Connection {
  state: string;
  label: string;
}

export interface Status {
  credentials: boolean;
  logged_in: boolean;
  connection: Connection | null;
}

/** One target of a message waiting on Telegram's schedule (send later, or a timer's end). */
export interface ScheduledSend {
  id: number;
  template_name: string;
  template_id?: string;
  timer_id?: string;
  /** The repeating series it is an occurrence of, and its number there. */
  series_id?: string;
  occurrence?: number;
  target: string;
  title: string;
  status: 'queued' | 'sending' | 'scheduled' | 'cancelling' | 'sent' | 'cancelled' | 'failed';
  scheduled_for: string;
  /** Why it failed or was cancelled. */
  error?: string;
  updated_at: string;
}

/** One of a series' next occurrences. */
export interface SeriesOccurrence {
  occurrence: number;
  at: string;
  state: 'planned' | 'queued' | 'scheduled' | 'skipped';
}

/** A repeating send (`POST /api/templates/{id}/repeat`, `GET /api/series`). */
export interface Series {
  id: string;
  template_id: string;
  template_name: string;
  status: 'active' | 'paused' | 'cancelled' | 'ended';
  every: string;
  words: string;
  rrule: string;
  time_zone: string;
  until?: string;
  times?: number;
  variables: Record<string, string>;
  silent?: boolean;
  posted: number;
  next: SeriesOccurrence[];
  recent: ScheduledSend[];
  /** The follow-up each post to come carries. */
  follow_up?: SeriesFollowUp;
  created_at: string;
}

/** The follow-up each post of a series carries, with its rule in words. */
export interface SeriesFollowUp {
  /** "Each post: if no reply within 1 h, remind you in Saved Messages" */
  sentence: string;
  condition: FollowUpCondition;
  within_minutes: number;
  action: 'send' | 'remind';
  template_id?: string;
}

/** A follow-up as a series takes it (`follow_up` of POST /api/templates/{id}/repeat and PATCH /api/series/{id}). */
export interface FollowUpRuleInput {
  condition: FollowUpCondition;
  /** 1 to 10080; for `read` optional (7 days). */
  within_minutes?: number;
  action: 'send' | 'remind';
  template_id?: string;
}

/** `GET /api/series`. */
export interface SeriesList {
  series: Series[];
  total: number;
}

/** `POST /api/repeat/preview`: a rule read back. */
export interface RepeatPreview {
  every: string;
  words: string;
  rrule: string;
  time_zone: string;
  next: string[];
}

/** `GET /api/scheduled` and `POST /api/templates/{id}/schedule`. */
export interface ScheduledList {
  scheduled: ScheduledSend[];
  total: number;
}


/** What a follow-up waits for: still unread, no reply, or the read itself. */
export type FollowUpCondition = 'not_read' | 'no_reply' | 'read';

/** Where a follow-up stands: live (waiting, watching, firing) or ended (the rest, with `reason`). */
export type FollowUpState = 'waiting' | 'watching' | 'firing' | 'fired' | 'met' | 'expired' | 'unknowable' | 'cancelled' | 'failed';

/** A follow-up on a sent message (`GET /api/follow-ups`, `POST /api/follow-ups`). */
export interface FollowUp {
  id: string;
  /** The rule in words: "If Alice has not read it within 2 h, send “Nudge”". */
  sentence: string;
  chat_id: number;
  chat_title: string;
  /** The template of the message it follows. */
  followed_template: string;
  condition: FollowUpCondition;
  within_seconds: number;
  action: 'send' | 'remind';
  template_id?: string;
  template_name?: string;
  state: FollowUpState;
  /** When its message went out (absent while it waits to). */
  started_at?: string;
  /** When it is judged (absent while its message waits to go out). */
  due_at?: string;
  /** Why it ended as it did, a sentence to show as it is. */
  reason?: string;
  created_at: string;
  updated_at: string;
}

/** The live follow-ups, soonest first, then the latest ended ones. */
export interface FollowUpList {
  follow_ups: FollowUp[];
}

/** A template as the timer form's completion picker reads it. */
export interface ActionTemplate {
  id: string;
  name: string;
  kind: string;
  send_variables: TemplateVariable[];
}

export interface ActionTemplateList {
  templates: ActionTemplate[];
}

export interface TimerTodo {
  id: string;
  text: string;
  done: boolean;
}

/** What a timer's end posts: a Telegram template with its values, and a reminder. */
export interface TimerAction {
  template_id?: string;
  template_name?: string;
  values: Record<string, string>;
  remind_me: boolean;
}

/** A countdown timer; `todos` and `notes` are left out of the list's summaries. */
export interface Timer {
  id: string;
  name: string;
  duration_seconds: number;
  duration: string;
  icon: string;
  icon_label: string;
  icon_glyph: string;
  color: string;
  color_name: string;
  state: 'idle' | 'running' | 'paused' | 'completed';
  state_label?: string;
  ends_at?: string;
  completed_at?: string;
  remaining_ms: number;
  progress: number;
  clock: string;
  todo_count: number;
  todos_done: number;
  has_notes: boolean;
  todos?: TimerTodo[];
  notes?: string;
  action: TimerAction;
  position: number;
  /** Each target's completion message for the latest run (empty in summaries). */
  completion_sends: ScheduledSend[];
}

export interface TimerList {
  timers: Timer[];
  total: number;
}


/** A chat as the Chats tab lists it (GET /api/conversations). */
export interface ChatSummary {
  id: number;
  title: string;
  kind: 'private' | 'saved' | 'group' | 'supergroup' | 'forum' | 'channel' | 'secret';
  list: string;
  is_pinned: boolean;
  is_muted: boolean;
  shows_preview: boolean;
  unread_count: number;
  unread_mention_count: number;
  is_marked_as_unread: boolean;
  last_read_outbox_message_id: number;
  last_message?: MessagePreview;
  photo_minithumbnail?: string;
  /** The photo's small size, for /api/files/{id}/thumbnail. */
  photo_file_id?: number;
  can_write: boolean;
  cannot_write_code?: string;
  cannot_write_reason?: string;
  order?: number;
  draft?: string;
  status?: string;
  typing?: string;
}

export interface MessagePreview {
  message_id: number;
  sender_name?: string;
  text: string;
  date: string;
  is_outgoing: boolean;
  is_read: boolean;
}

export interface ConversationList {
  chats: ChatSummary[];
  total: number;
  folders?: ChatFolderBar;
}

/** A chat folder in the folder bar. */
export interface ChatFolderItem {
  id: number;
  name: string;
  icon: string;
  unread_count: number;
  unread_unmuted_count: number;
}

/** The folder bar: the folders and where "All chats" sits among them. */
export interface ChatFolderBar {
  folders: ChatFolderItem[];
  main_position: number;
  main_unread_count: number;
  main_unread_unmuted_count: number;
}

/** GET /api/contacts: one contact. */
export interface Contact {
  user_id: number;
  name: string;
  username?: string;
  status: string;
}

/** A message of a conversation; `html` is the only pre-escaped HTML the API sends. */
export interface ChatMessage {
  id: number;
  chat_id: number;
  date: string;
  edit_date?: string;
  is_outgoing: boolean;
  sender: { id: number; name: string; is_chat: boolean };
  text: string;
  html: string;
  service_line?: string;
  media?: MessageMedia;
  reply_to?: { message_id: number; sender_name?: string; snippet: string };
  forwarded_from?: string;
  topic_id?: number;
  sending_state?: string;
  failure_reason?: string;
  /** While its file is being sent: how much has reached Telegram. */
  upload?: {sent_bytes: number; total_bytes: number};
  is_read: boolean;
  reactions: MessageReaction[];
  is_pinned: boolean;
}

/** A message's media; `file`, when there is one, is served by GET …/messages/{id}/file. */
export interface MessageMedia {
  kind: string;
  label: string;
  minithumbnail?: string;
  thumbnail_file_id?: number;
  /** Voice and video notes: whether it was played. */
  is_played?: boolean;
  has_spoiler?: boolean;
  /** Self-destructing: never opened here. */
  is_secret?: boolean;
  file?: { name: string; size: number; mime_type: string };
}

/** GET /api/media-cache: what downloaded media takes. */
export interface MediaCache {
  bytes: number;
  files: number;
  limit_bytes: number;
}

/** One reaction under a message; `key` names it back to the API. */
export interface MessageReaction {
  emoji: string;
  key: string;
  count: number;
  is_chosen: boolean;
}

/** GET …/reactions: what you may react with, and the message's reactions now. */
export interface ReactionChoices {
  available: string[];
  reactions: MessageReaction[];
}

export interface ConversationPage {
  chat: ChatSummary;
  messages: ChatMessage[];
  has_older: boolean;
  oldest_message_id?: number;
  /** The chat has messages newer than this page's newest (a page opened at a message). */
  has_newer: boolean;
}

/** GET /api/search/messages: one page of matches, newest first, with their chats. */
export interface FoundMessages {
  messages: ChatMessage[];
  chats: ChatSummary[];
  /** Pass as `offset` for the next page; absent when there are no more. */
  next_offset?: string;
  total_count?: number;
}

/** A forum topic (GET /api/conversations/{id}/topics). */
export interface ForumTopic {
  id: number;
  title: string;
  is_general: boolean;
  is_closed: boolean;
  is_pinned: boolean;
  unread_count: number;
  /** The topic's own cloud draft, absent when none. */
  draft?: string;
}

export interface ForumTopicList {
  chat_id: number;
  topics: ForumTopic[];
}

/** What the composer's template picker needs of a template (GET /api/templates). */
export interface PickTemplate {
  id: string;
  name: string;
  kind: string;
  icon_glyph: string;
  send_variables: TemplateVariable[];
}

/** A service worker's install and activate events (the DOM library the pages use has no worker types). */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

/** A request from a page the service worker controls. */
export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

/** What sw.js uses of its global scope. */
export interface ServiceWorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: {claim(): Promise<void>};
  readonly location: {readonly origin: string};
}

/** GET /api/conversations/{id}/profile. */
export interface ChatProfile {
  chat_id: number;
  title: string;
  kind: string;
  username?: string;
  about?: string;
  phone?: string;
  status?: string;
  member_count?: number;
  groups_in_common?: number;
  can_list_members: boolean;
  photo_minithumbnail?: string;
  contact?: { is_contact: boolean; first_name: string; last_name: string };
  media: { photos_and_videos: number; files: number; links: number; voice_messages: number };
}

/** GET /api/conversations/{id}/members. */
export interface MemberPage {
  members: { user_id: number; name: string; username?: string; role: 'owner' | 'admin' | 'member' | 'restricted'; status?: string }[];
  total_count: number;
  next_offset?: number;
}

/** One target of a send in the send log (`GET /api/sends`). */
export interface SendLogTarget {
  target: string;
  title: string;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'handed_over' | 'scheduled' | 'cancelling' | 'cancelled' | 'held' | 'undone';
  error?: string | null;
  message_id?: number | null;
  updated_at: string;
}

/** One tap in the send log, or what sent it when no one tapped (`origin`). */
export interface SendLogBatch {
  batch_id: string;
  template_id: string | null;
  template_name: string;
  queued_at: string;
  origin?: 'away' | 'greeting' | 'snippet' | 'follow_up';
  targets: SendLogTarget[];
}

/** `GET /api/sends` */
export interface SendLog {
  batches: SendLogBatch[];
}
