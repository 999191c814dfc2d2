# The same library named beside a guide that imports it: what that guide leaves unused is reported.
lint --format short shared-styles.guide uses-shared-styles.guide
