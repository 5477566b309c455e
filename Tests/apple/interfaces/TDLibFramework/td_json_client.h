// platforms: iOS 12.0, macOS 10.15
// package: TDLibFramework
// TDLibFramework: the C functions of TDLib's JSON interface, as Swiftgram's prebuilt
// TDLibFramework.xcframework exports them (https://github.com/Swiftgram/TDLibFramework), for the
// Linux type-check of Apps/. Declarations only; nothing here is linked.
//
// Prototypes copied from td/telegram/td_json_client.h of TDLib (https://github.com/tdlib/td,
// Boost Software License 1.0, Copyright Aliaksei Levin, Arseny Smirnov 2014-2026), with the
// TDJSON_EXPORT visibility macro left out; only the functions the apps use. In the xcframework
// this header sits beside td_log.h under the umbrella header td.h (see module.modulemap).

#pragma once

#ifdef __cplusplus
extern "C" {
#endif

int td_create_client_id();

void td_send(int client_id, const char *request);

const char *td_receive(double timeout);

const char *td_execute(const char *request);

#ifdef __cplusplus
}  // extern "C"
#endif
