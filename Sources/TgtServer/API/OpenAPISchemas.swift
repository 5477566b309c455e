import Foundation
import TgtDomain

/// The JSON schemas of `OpenAPIDocument`: what each route accepts and answers.
enum Schemas {
    static var string: [String: Any] { ["type": "string"] }
    static var integer: [String: Any] { ["type": "integer"] }
    static var boolean: [String: Any] { ["type": "boolean"] }
    static var dateTime: [String: Any] { ["type": "string", "format": "date-time"] }
    static var uuid: [String: Any] { ["type": "string", "format": "uuid"] }

    static func nullable(_ type: String) -> [String: Any] { ["type": [type, "null"]] }
    static func array(_ items: [String: Any]) -> [String: Any] { ["type": "array", "items": items] }
    static func ref(_ name: String) -> [String: Any] { OpenAPIDocument.ref(name) }

    /// An object; inputs refuse unknown fields (`closed`), outputs may grow.
    static func object(_ properties: [String: Any], required: [String] = [], closed: Bool = false) -> [String: Any] {
        var schema: [String: Any] = ["type": "object", "properties": properties, "required": required]
        if closed { schema["additionalProperties"] = false }
        return schema
    }

    static var all: [String: Any] {
        let locationMode: [String: Any] = ["type": "string", "enum": LocationMode.allCases.map(\.rawValue)]
        let icon: [String: Any] = ["type": "string", "enum": TemplateIcon.allCases.map(\.rawValue)]
        let loginStep: [String: Any] = ["type": "string", "enum": ["starting", "phone_number", "code", "password", "email_address", "email_code",
                                                                  "registration", "qr_code", "unsupported", "ready", "logging_out", "closed"]]
        return [
            "ErrorEnvelope": object([
                "success": ["const": false],
                "error": object(["code": string, "message": string, "next_step": string,
                                 "issues": array(object(["field": string, "message": string], required: ["field", "message"]))],
                                required: ["code", "message"]),
            ], required: ["success", "error"]),
            "Status": object([
                "version": string, "demo": boolean, "credentials": boolean, "logged_in": boolean, "templates": integer,
                "login": ["oneOf": [ref("LoginStep"), ["type": "null"]]],
                "connection": ["oneOf": [object(["state": string, "label": string], required: ["state", "label"]), ["type": "null"]]],
                "account": ["oneOf": [object(["name": string], required: ["name"]), ["type": "null"]]],
                "error": object(["code": string, "message": string]),
            ], required: ["version", "demo", "credentials", "logged_in", "templates", "login", "connection", "account"]),
            "SetupInput": object(["api_id": ["type": ["string", "integer"]], "api_hash": string], required: ["api_id", "api_hash"], closed: true),
            "LoginStep": object([
                "step": loginStep, "prompt": string, "phone_number": string, "delivery": string,
                "code_length": nullable("integer"), "hint": string, "email_pattern": string, "qr_link": string, "qr_svg": string,
            ], required: ["step", "prompt"]),
            "PhoneInput": object(["phone_number": string], required: ["phone_number"], closed: true),
            "CodeInput": object(["code": string], required: ["code"], closed: true),
            "PasswordInput": object(["password": string], required: ["password"], closed: true),
            "EmailInput": object(["email_address": string], required: ["email_address"], closed: true),
            "RegisterInput": object(["first_name": string, "last_name": string], required: ["first_name"], closed: true),
            "Target": object([
                "key": string, "chat_id": integer, "chat_title": string, "display_name": string,
                "topic_id": nullable("integer"), "topic_title": nullable("string"),
            ], required: ["key", "chat_id", "chat_title", "display_name", "topic_id", "topic_title"]),
            "TargetInput": object([
                "chat_id": integer, "topic_id": nullable("integer"), "chat_title": string, "topic_title": nullable("string"),
                "key": string, "display_name": string,
            ], required: ["chat_id"], closed: true),
            "Template": object([
                "id": uuid, "name": string, "icon": icon, "icon_glyph": string, "icon_label": string, "body": string,
                "targets": array(ref("Target")), "location_mode": locationMode, "silent": boolean, "position": integer,
                "variables": array(string), "custom_variables": array(string), "created_at": dateTime, "updated_at": dateTime,
            ], required: ["id", "name", "icon", "body", "targets", "location_mode", "silent", "position", "variables", "custom_variables"]),
            "TemplateCreate": object([
                "name": string, "icon": icon, "body": string, "targets": array(ref("TargetInput")),
                "location_mode": locationMode, "silent": boolean,
            ], required: ["name", "body"], closed: true),
            "TemplatePatch": object([
                "name": string, "icon": icon, "body": string, "targets": array(ref("TargetInput")),
                "location_mode": locationMode, "silent": boolean,
            ], closed: true),
            "TemplateList": object([
                "templates": array(ref("Template")), "total": integer,
                "groups": array(object(["chat_id": integer, "title": string, "count": integer], required: ["chat_id", "title", "count"])),
            ], required: ["templates", "total", "groups"]),
            "OrderInput": object(["ids": array(uuid)], required: ["ids"], closed: true),
            "OrderResult": object(["ids": array(uuid)], required: ["ids"]),
            "Deleted": object(["deleted": uuid], required: ["deleted"]),
            "SendInput": object([
                "variables": ["type": "object", "additionalProperties": string],
                "location": ["oneOf": [
                    object(["latitude": ["type": "number", "minimum": -90, "maximum": 90],
                            "longitude": ["type": "number", "minimum": -180, "maximum": 180],
                            "accuracy": ["type": "number"]], required: ["latitude", "longitude"], closed: true),
                    ["type": "string", "pattern": "^-?[0-9.]+, ?-?[0-9.]+$"], ["type": "null"],
                ]],
                "silent": boolean,
                "targets": ["type": "array", "items": string, "minItems": 1, "description": "Only these target keys (a retry)"],
            ], closed: true),
            "SendReport": object([
                "batch_id": uuid, "template_id": uuid, "template_name": string, "all_sent": boolean, "sent_count": integer,
                "results": array(object([
                    "target": string, "title": string, "status": ["type": "string", "enum": ["sent", "failed"]],
                    "message_id": nullable("integer"), "error": nullable("string"), "attempts": integer,
                ], required: ["target", "title", "status", "message_id", "error", "attempts"])),
            ], required: ["batch_id", "template_id", "template_name", "all_sent", "sent_count", "results"]),
            "SendLog": object(["batches": array(object([
                "batch_id": uuid, "template_id": ["oneOf": [uuid, ["type": "null"]]], "template_name": string, "queued_at": dateTime,
                "targets": array(object([
                    "target": string, "title": string, "status": ["type": "string", "enum": ["queued", "sending", "sent", "failed"]],
                    "error": nullable("string"), "message_id": nullable("integer"), "updated_at": dateTime,
                ], required: ["target", "title", "status", "error", "message_id", "updated_at"])),
            ], required: ["batch_id", "template_id", "template_name", "queued_at", "targets"]))], required: ["batches"]),
            "ChatList": object(["chats": array(object([
                "id": integer, "kind": ["type": "string", "enum": ["basic_group", "supergroup"]], "title": string,
                "member_count": integer, "is_forum": boolean,
                "topics": array(object(["id": integer, "title": string], required: ["id", "title"])),
                "targets": array(ref("Target")),
            ], required: ["id", "kind", "title", "member_count", "is_forum", "topics", "targets"]))], required: ["chats"]),
            "PreviewInput": object([
                "body": string, "variables": ["type": "object", "additionalProperties": string],
                "location_mode": locationMode, "chat_title": string,
            ], required: ["body"], closed: true),
            "Preview": object([
                "text": string, "length": integer, "max_length": integer, "native_location": nullable("string"),
                "entities": array(object(["offset": integer, "length": integer, "type": string, "url": string], required: ["offset", "length", "type"])),
            ], required: ["text", "entities", "length", "max_length", "native_location"]),
            "IconList": object(["icons": array(object(["name": string, "label": string, "glyph": string], required: ["name", "label", "glyph"]))], required: ["icons"]),
            "Settings": object([
                "default_location": nullable("string"), "account_name": nullable("string"), "message_text_length_max": integer,
            ], required: ["default_location", "account_name", "message_text_length_max"]),
            "SettingsPatch": object(["default_location": nullable("string")], closed: true),
            "PasswordChange": object(["current_password": nullable("string"), "new_password": string], required: ["new_password"], closed: true),
            "PasswordResult": object(["password_set": boolean], required: ["password_set"]),
            "Token": object(["id": uuid, "name": string, "created_at": dateTime], required: ["id", "name", "created_at"]),
            "TokenList": object(["tokens": array(ref("Token"))], required: ["tokens"]),
            "TokenInput": object(["name": string], required: ["name"], closed: true),
            "TokenCreated": object(["id": uuid, "name": string, "created_at": dateTime, "secret": string], required: ["id", "name", "created_at", "secret"]),
        ]
    }
}
