# A default locale may be written as a string, as a locale's name may, and is matched to its
# locale as players match tags (in any case, '_' as '-'): both blocks name 'pt-BR'.
build -o - default-locale-spellings.guide
