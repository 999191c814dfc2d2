# Files named together share one namespace: a library named beside a guide that uses it without an
# import still has its unused declarations reported, since the program declares a guide.
lint --format short shared-styles.guide uses-brand-without-import.guide
