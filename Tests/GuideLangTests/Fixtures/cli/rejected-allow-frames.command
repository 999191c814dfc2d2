# A rejected item of a guide's 'allow' rejects only itself (docs/layout.md section 10): the
# frames file's unknown target (GL1014) and the valid, unused 'allow: GL1006' (GL0320) are
# reported beside the GL0303.
lint --device iphone-17-pro --orientation portrait --frames rejected-allow-frames.json rejected-allow-frames.guide
