// The dashboard's stylesheets and scripts (Sources/TgtServer/Web/) and the API description
// (openapi.yaml), compiled into the binary with C23's #embed: the compiler reads each file as it
// is and its dependency list names it, so changing a file rebuilds this one. SwiftPM's
// `.embedInCode` wrote them as Swift array literals instead, whose one file took 147 s of a
// debug build on one core. A new file of Web/ is added here (AppShellTests checks the list).
#include "TgtWebFiles.h"

static const unsigned char file_openapi_yaml[] = {
#embed "../TgtServer/API/Spec/openapi.yaml"
};
static const unsigned char file_app_css[] = {
#embed "../TgtServer/Web/app.css"
};
static const unsigned char file_app_js[] = {
#embed "../TgtServer/Web/app.js"
};
static const unsigned char file_attach_css[] = {
#embed "../TgtServer/Web/attach.css"
};
static const unsigned char file_attach_js[] = {
#embed "../TgtServer/Web/attach.js"
};
static const unsigned char file_chat_html_js[] = {
#embed "../TgtServer/Web/chat-html.js"
};
static const unsigned char file_chat_search_js[] = {
#embed "../TgtServer/Web/chat-search.js"
};
static const unsigned char file_chats_css[] = {
#embed "../TgtServer/Web/chats.css"
};
static const unsigned char file_chats_js[] = {
#embed "../TgtServer/Web/chats.js"
};
static const unsigned char file_contacts_js[] = {
#embed "../TgtServer/Web/contacts.js"
};
static const unsigned char file_conversation_js[] = {
#embed "../TgtServer/Web/conversation.js"
};
static const unsigned char file_editor_js[] = {
#embed "../TgtServer/Web/editor.js"
};
static const unsigned char file_follow_up_form_js[] = {
#embed "../TgtServer/Web/follow-up-form.js"
};
static const unsigned char file_forward_js[] = {
#embed "../TgtServer/Web/forward.js"
};
static const unsigned char file_grid_js[] = {
#embed "../TgtServer/Web/grid.js"
};
static const unsigned char file_held_sends_js[] = {
#embed "../TgtServer/Web/held-sends.js"
};
static const unsigned char file_media_js[] = {
#embed "../TgtServer/Web/media.js"
};
static const unsigned char file_message_actions_js[] = {
#embed "../TgtServer/Web/message-actions.js"
};
static const unsigned char file_notify_js[] = {
#embed "../TgtServer/Web/notify.js"
};
static const unsigned char file_offline_js[] = {
#embed "../TgtServer/Web/offline.js"
};
static const unsigned char file_pick_template_js[] = {
#embed "../TgtServer/Web/pick-template.js"
};
static const unsigned char file_pins_js[] = {
#embed "../TgtServer/Web/pins.js"
};
static const unsigned char file_presence_js[] = {
#embed "../TgtServer/Web/presence.js"
};
static const unsigned char file_profile_js[] = {
#embed "../TgtServer/Web/profile.js"
};
static const unsigned char file_reactions_js[] = {
#embed "../TgtServer/Web/reactions.js"
};
static const unsigned char file_scheduled_css[] = {
#embed "../TgtServer/Web/scheduled.css"
};
static const unsigned char file_scheduled_js[] = {
#embed "../TgtServer/Web/scheduled.js"
};
static const unsigned char file_send_later_js[] = {
#embed "../TgtServer/Web/send-later.js"
};
static const unsigned char file_sends_js[] = {
#embed "../TgtServer/Web/sends.js"
};
static const unsigned char file_settings_js[] = {
#embed "../TgtServer/Web/settings.js"
};
static const unsigned char file_sw_js[] = {
#embed "../TgtServer/Web/sw.js"
};
static const unsigned char file_timer_alerts_js[] = {
#embed "../TgtServer/Web/timer-alerts.js"
};
static const unsigned char file_timer_completion_js[] = {
#embed "../TgtServer/Web/timer-completion.js"
};
static const unsigned char file_timer_form_js[] = {
#embed "../TgtServer/Web/timer-form.js"
};
static const unsigned char file_timers_css[] = {
#embed "../TgtServer/Web/timers.css"
};
static const unsigned char file_timers_js[] = {
#embed "../TgtServer/Web/timers.js"
};
static const unsigned char file_topics_js[] = {
#embed "../TgtServer/Web/topics.js"
};
static const unsigned char file_trigger_js[] = {
#embed "../TgtServer/Web/trigger.js"
};

static const TgtWebFile files[] = {
    {"openapi.yaml", file_openapi_yaml, sizeof(file_openapi_yaml)},
    {"app.css", file_app_css, sizeof(file_app_css)},
    {"app.js", file_app_js, sizeof(file_app_js)},
    {"attach.css", file_attach_css, sizeof(file_attach_css)},
    {"attach.js", file_attach_js, sizeof(file_attach_js)},
    {"chat-html.js", file_chat_html_js, sizeof(file_chat_html_js)},
    {"chat-search.js", file_chat_search_js, sizeof(file_chat_search_js)},
    {"chats.css", file_chats_css, sizeof(file_chats_css)},
    {"chats.js", file_chats_js, sizeof(file_chats_js)},
    {"contacts.js", file_contacts_js, sizeof(file_contacts_js)},
    {"conversation.js", file_conversation_js, sizeof(file_conversation_js)},
    {"editor.js", file_editor_js, sizeof(file_editor_js)},
    {"follow-up-form.js", file_follow_up_form_js, sizeof(file_follow_up_form_js)},
    {"forward.js", file_forward_js, sizeof(file_forward_js)},
    {"grid.js", file_grid_js, sizeof(file_grid_js)},
    {"held-sends.js", file_held_sends_js, sizeof(file_held_sends_js)},
    {"media.js", file_media_js, sizeof(file_media_js)},
    {"message-actions.js", file_message_actions_js, sizeof(file_message_actions_js)},
    {"notify.js", file_notify_js, sizeof(file_notify_js)},
    {"offline.js", file_offline_js, sizeof(file_offline_js)},
    {"pick-template.js", file_pick_template_js, sizeof(file_pick_template_js)},
    {"pins.js", file_pins_js, sizeof(file_pins_js)},
    {"presence.js", file_presence_js, sizeof(file_presence_js)},
    {"profile.js", file_profile_js, sizeof(file_profile_js)},
    {"reactions.js", file_reactions_js, sizeof(file_reactions_js)},
    {"scheduled.css", file_scheduled_css, sizeof(file_scheduled_css)},
    {"scheduled.js", file_scheduled_js, sizeof(file_scheduled_js)},
    {"send-later.js", file_send_later_js, sizeof(file_send_later_js)},
    {"sends.js", file_sends_js, sizeof(file_sends_js)},
    {"settings.js", file_settings_js, sizeof(file_settings_js)},
    {"sw.js", file_sw_js, sizeof(file_sw_js)},
    {"timer-alerts.js", file_timer_alerts_js, sizeof(file_timer_alerts_js)},
    {"timer-completion.js", file_timer_completion_js, sizeof(file_timer_completion_js)},
    {"timer-form.js", file_timer_form_js, sizeof(file_timer_form_js)},
    {"timers.css", file_timers_css, sizeof(file_timers_css)},
    {"timers.js", file_timers_js, sizeof(file_timers_js)},
    {"topics.js", file_topics_js, sizeof(file_topics_js)},
    {"trigger.js", file_trigger_js, sizeof(file_trigger_js)},
};

const TgtWebFile *tgt_web_files(size_t *count) {
    *count = sizeof(files) / sizeof(files[0]);
    return files;
}
