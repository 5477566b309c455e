// The dashboard's files compiled into the binary (web_files.c), for TgtServer's WebFiles.
#ifndef TGT_WEB_FILES_H
#define TGT_WEB_FILES_H

#include <stddef.h>

/// One file: its name (`app.css`, `openapi.yaml`) and its bytes as they are in the repository.
typedef struct {
    const char *_Nonnull name;
    const unsigned char *_Nonnull bytes;
    size_t length;
} TgtWebFile;

/// Every file, `*count` of them.
const TgtWebFile *_Nonnull tgt_web_files(size_t *_Nonnull count);

#endif
